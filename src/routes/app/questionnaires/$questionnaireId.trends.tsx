import { createFileRoute } from '@tanstack/react-router';
import { TrendsPage } from '@/features/questionnaire-trends/components/trends-page';
import { validateTrendSearch } from '@/features/questionnaire-trends/trend-search';

export const Route = createFileRoute('/app/questionnaires/$questionnaireId/trends')({
  validateSearch: validateTrendSearch,
  component: TrendsPage,
});
