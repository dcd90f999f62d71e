// The summary's query moved down to src/lib (the questionnaire trends read the workload too, issue 26).
export { throwingQueries } from '@/lib/throwing/throwing-queries';
