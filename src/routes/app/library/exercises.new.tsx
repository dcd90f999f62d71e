import { createFileRoute } from '@tanstack/react-router';
import { NewExercisePage } from '@/features/library/components/exercise-page';

export const Route = createFileRoute('/app/library/exercises/new')({
  component: NewExercisePage,
});
