import { createFileRoute, redirect } from '@tanstack/react-router';
import { questionnaireQueries } from '@/features/questionnaires/api/questionnaire-queries';
import { QuestionnairePage } from '@/features/questionnaires/components/questionnaire-builder-page';
import { canBuildQuestionnaires } from '@/features/questionnaires/questionnaire-search';
import { authQueries } from '@/lib/auth/auth-queries';

export const Route = createFileRoute('/app/questionnaires/$questionnaireId/')({
  beforeLoad: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    if (!canBuildQuestionnaires(me.user.role)) throw redirect({ to: '/app/dashboard' });
  },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(questionnaireQueries.detail(params.questionnaireId));
    void context.queryClient.prefetchQuery(questionnaireQueries.assignments(params.questionnaireId));
  },
  component: QuestionnairePage,
});
