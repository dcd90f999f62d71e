import { createFileRoute, redirect } from '@tanstack/react-router';
import { NewQuestionnairePage } from '@/features/questionnaires/components/questionnaire-builder-page';
import {
  canBuildQuestionnaires,
  validateNewQuestionnaireSearch,
} from '@/features/questionnaires/questionnaire-search';
import { authQueries } from '@/lib/auth/auth-queries';

export const Route = createFileRoute('/app/questionnaires/new')({
  validateSearch: validateNewQuestionnaireSearch,
  beforeLoad: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    if (!canBuildQuestionnaires(me.user.role)) throw redirect({ to: '/app/dashboard' });
  },
  component: NewQuestionnairePage,
});
