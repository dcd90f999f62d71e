import { createFileRoute, redirect } from '@tanstack/react-router';
import { questionnaireQueries } from '@/features/questionnaires/api/questionnaire-queries';
import { QuestionnairesPage } from '@/features/questionnaires/components/questionnaires-page';
import {
  canBuildQuestionnaires,
  validateQuestionnairesSearch,
} from '@/features/questionnaires/questionnaire-search';
import { authQueries } from '@/lib/auth/auth-queries';

export const Route = createFileRoute('/app/questionnaires/')({
  validateSearch: validateQuestionnairesSearch,
  // Athletes answer theirs from Home: this address sends them there.
  beforeLoad: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    if (!canBuildQuestionnaires(me.user.role)) throw redirect({ to: '/app/dashboard' });
  },
  loaderDeps: ({ search }) => ({ archived: search.tab === 'archived' }),
  // Start the list's request with the navigation without waiting for it: the screen shows its own loading cards.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(questionnaireQueries.list(deps));
  },
  component: QuestionnairesPage,
});
