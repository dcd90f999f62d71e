import { createRouter, type PublicAppEnv, type SignedInAppEnv } from '../../lib/context';
import * as handlers from './uploads.handlers';
import * as routes from './uploads.routes';

export const uploadsRouter = createRouter<SignedInAppEnv>()
  .openapi(routes.createUpload, handlers.createUpload)
  .openapi(routes.getUpload, handlers.getUpload)
  .openapi(routes.writeUploadChunk, handlers.writeUploadChunk);

/** Files are read by signed links from <img>, <video> and <audio>, which send no bearer token. */
export const filesPublicRouter = createRouter<PublicAppEnv>()
  .openapi(routes.getFile, handlers.getFile)
  .openapi(routes.getFilePreview, handlers.getFilePreview);
