import type { QuestionnaireTemplate } from '@contract/questionnaires';
import type { Role } from '@contract/user-fields';
import { isQuestionnaireTemplate } from './questionnaire-words';

/* The addresses' search, checked by hand: route search checks are part of the first screen's code (as users-search.ts). */

/** Staff build and assign questionnaires; athletes answer them from Home. */
export const canBuildQuestionnaires = (role: Role) => role === 'admin' || role === 'coach';

/** `/app/questionnaires?tab=archived`. */
export interface QuestionnairesSearch {
  tab?: 'archived';
}
export const validateQuestionnairesSearch = (search: Record<string, unknown>): QuestionnairesSearch =>
  search.tab === 'archived' ? { tab: 'archived' } : {};

/** `/app/questionnaires/new?template=wellness`. */
export interface NewQuestionnaireSearch {
  template?: QuestionnaireTemplate;
}
export const validateNewQuestionnaireSearch = (search: Record<string, unknown>): NewQuestionnaireSearch =>
  isQuestionnaireTemplate(search.template) ? { template: search.template } : {};
