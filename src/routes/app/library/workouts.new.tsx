import { createFileRoute } from '@tanstack/react-router';
import { NewWorkoutPage } from '@/features/library/components/workout-editor/workout-editor-page';

export const Route = createFileRoute('/app/library/workouts/new')({
  component: NewWorkoutPage,
});
