import { createFileRoute } from '@tanstack/react-router';
import { SchedulePage } from '@/features/schedule/components/schedule-page';
import { validateScheduleSearch } from '@/features/schedule/schedule-search';

// The calendar's range depends on the organisation's settings and the screen's width, so the screen reads it.
export const Route = createFileRoute('/app/schedule/')({
  validateSearch: validateScheduleSearch,
  component: SchedulePage,
});
