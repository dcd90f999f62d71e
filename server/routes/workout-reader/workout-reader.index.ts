import { createRouter, type SignedInAppEnv } from '../../lib/context';
import {
  importHistory,
  commitProgram,
  readProgram,
  workoutReaderBodyLimit,
  workoutReaderUploadPaths,
} from './workout-reader.handlers';
import * as routes from './workout-reader.routes';

const router = createRouter<SignedInAppEnv>();
for (const path of workoutReaderUploadPaths) router.use(path, workoutReaderBodyLimit);

export const workoutReaderRouter = router
  .openapi(routes.readProgram, readProgram)
  .openapi(routes.commitProgram, commitProgram)
  .openapi(routes.importHistory, importHistory);
