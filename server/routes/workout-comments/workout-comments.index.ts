import { createRouter, type SignedInAppEnv } from '../../lib/context';
import * as handlers from './workout-comments.handlers';
import * as routes from './workout-comments.routes';

export const workoutCommentsRouter = createRouter<SignedInAppEnv>()
  .openapi(routes.listWorkoutComments, handlers.listWorkoutComments)
  .openapi(routes.putWorkoutComment, handlers.putWorkoutComment);
