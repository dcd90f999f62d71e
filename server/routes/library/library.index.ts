import { createRouter, type SignedInAppEnv } from '../../lib/context';
import * as exerciseHandlers from './exercises.handlers';
import * as exerciseRoutes from './exercises.routes';
import * as workoutHandlers from './workouts.handlers';
import * as workoutRoutes from './workouts.routes';

export const libraryRouter = createRouter<SignedInAppEnv>()
  .openapi(exerciseRoutes.listExercises, exerciseHandlers.listExercises)
  .openapi(exerciseRoutes.createExercise, exerciseHandlers.createExercise)
  .openapi(exerciseRoutes.getExercise, exerciseHandlers.getExercise)
  .openapi(exerciseRoutes.updateExercise, exerciseHandlers.updateExercise)
  .openapi(exerciseRoutes.archiveExercise, exerciseHandlers.archiveExercise)
  .openapi(exerciseRoutes.restoreExercise, exerciseHandlers.restoreExercise)
  .openapi(exerciseRoutes.deleteExercise, exerciseHandlers.deleteExercise)
  .openapi(workoutRoutes.listWorkouts, workoutHandlers.listWorkouts)
  .openapi(workoutRoutes.createWorkout, workoutHandlers.createWorkout)
  .openapi(workoutRoutes.getWorkout, workoutHandlers.getWorkout)
  .openapi(workoutRoutes.updateWorkout, workoutHandlers.updateWorkout)
  .openapi(workoutRoutes.archiveWorkout, workoutHandlers.archiveWorkout)
  .openapi(workoutRoutes.restoreWorkout, workoutHandlers.restoreWorkout)
  .openapi(workoutRoutes.duplicateWorkout, workoutHandlers.duplicateWorkout)
  .openapi(workoutRoutes.deleteWorkout, workoutHandlers.deleteWorkout);
