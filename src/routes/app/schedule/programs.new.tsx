import { createFileRoute } from '@tanstack/react-router';
import { NewProgramPage } from '@/features/schedule/components/program-page';

export const Route = createFileRoute('/app/schedule/programs/new')({
  component: NewProgramPage,
});
