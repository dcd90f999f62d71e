import { createRouter, type SignedInAppEnv } from '../../lib/context';
import {
  importBodyLimit,
  importUploadPaths,
  pitchImportHandlers,
  sensorThrowImportHandlers,
} from './imports.handlers';
import { pitchImports, sensorThrowImports } from './imports.routes';

const signedInImportsRouter = createRouter<SignedInAppEnv>();
for (const path of importUploadPaths) signedInImportsRouter.use(path, importBodyLimit);

export const importsRouter = signedInImportsRouter
  .openapi(pitchImports.upload, pitchImportHandlers.upload)
  .openapi(pitchImports.get, pitchImportHandlers.get)
  .openapi(pitchImports.update, pitchImportHandlers.update)
  .openapi(pitchImports.commit, pitchImportHandlers.commit)
  .openapi(sensorThrowImports.upload, sensorThrowImportHandlers.upload)
  .openapi(sensorThrowImports.get, sensorThrowImportHandlers.get)
  .openapi(sensorThrowImports.update, sensorThrowImportHandlers.update)
  .openapi(sensorThrowImports.commit, sensorThrowImportHandlers.commit);
