import { createRouter, type SignedInAppEnv } from '../../lib/context';
import * as handlers from './tracking.handlers';
import * as routes from './tracking.routes';

export const trackingRouter = createRouter<SignedInAppEnv>()
  .openapi(routes.findWorkoutLog, handlers.findWorkoutLog)
  .openapi(routes.startWorkoutLog, handlers.startWorkoutLog)
  .openapi(routes.getWorkoutLog, handlers.getWorkoutLog)
  .openapi(routes.upsertLoggedSet, handlers.upsertLoggedSet)
  .openapi(routes.upsertLoggedExercise, handlers.upsertLoggedExercise)
  .openapi(routes.finishWorkoutLog, handlers.finishWorkoutLog)
  .openapi(routes.correctWorkoutLog, handlers.correctWorkoutLog)
  .openapi(routes.listAthleteMaxes, handlers.listAthleteMaxes)
  .openapi(routes.recordAthleteMax, handlers.recordAthleteMax)
  .openapi(routes.getExerciseHistory, handlers.getExerciseHistory)
  .openapi(routes.getAthleteTraining, handlers.getAthleteTraining)
  .openapi(routes.listCompletedWorkouts, handlers.listCompletedWorkouts)
  .openapi(routes.listActivities, handlers.listActivities)
  .openapi(routes.getActivity, handlers.getActivity)
  .openapi(routes.likeActivity, handlers.likeActivity)
  .openapi(routes.unlikeActivity, handlers.unlikeActivity)
  .openapi(routes.listActivityComments, handlers.listActivityComments)
  .openapi(routes.putActivityComment, handlers.putActivityComment)
  .openapi(routes.deleteActivityComment, handlers.deleteActivityComment)
  .openapi(routes.getWeekCompliance, handlers.getWeekCompliance);
