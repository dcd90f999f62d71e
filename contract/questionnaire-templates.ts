// zod-free: the ready-made questionnaires staff start from (issue 26; sources in docs/decisions/065).
import type { Question, QuestionnaireTotal, ScaleQuestion } from './questionnaire-rules';

export interface QuestionnaireTemplateBody {
  template: 'wellness' | 'hooper' | 'session_rpe';
  name: string;
  description: string;
  questions: Question[];
  anyDay: boolean;
  total: QuestionnaireTotal | null;
}

const scale = (
  id: string,
  prompt: string,
  [min, max]: [number, number],
  [minLabel, maxLabel]: [string, string],
  better: ScaleQuestion['better'],
): ScaleQuestion => ({
  id,
  prompt,
  kind: 'scale',
  required: true,
  min,
  max,
  minLabel,
  maxLabel,
  better,
  alertAt: null,
  measure: null,
});

/** McLean et al. 2010: five items 1–5, higher is better; their sum is the wellness score (5–25). */
const wellness: QuestionnaireTemplateBody = {
  template: 'wellness',
  name: 'Daily wellness',
  description: 'Five quick questions before training (McLean et al. 2010). Higher is better.',
  anyDay: false,
  total: { label: 'Wellness score', better: 'higher' },
  questions: [
    scale('fatigue', 'Fatigue', [1, 5], ['Always tired', 'Very fresh'], 'higher'),
    scale('sleep', 'Sleep quality', [1, 5], ['Insomnia', 'Very restful'], 'higher'),
    scale('soreness', 'Muscle soreness', [1, 5], ['Very sore', 'Feeling great'], 'higher'),
    scale('stress', 'Stress', [1, 5], ['Highly stressed', 'Very relaxed'], 'higher'),
    scale('mood', 'Mood', [1, 5], ['Irritable, down', 'Very positive'], 'higher'),
  ],
};

/** Hooper & Mackinnon 1995: four items 1–7, lower is better; their sum is the Hooper index (4–28). */
const hooper: QuestionnaireTemplateBody = {
  template: 'hooper',
  name: 'Hooper index',
  description: 'Sleep, fatigue, stress and soreness from 1 to 7 (Hooper & Mackinnon 1995). Lower is better.',
  anyDay: false,
  total: { label: 'Hooper index', better: 'lower' },
  questions: [
    scale('sleep', 'Sleep quality', [1, 7], ['Very, very good', 'Very, very bad'], 'lower'),
    scale('fatigue', 'Fatigue', [1, 7], ['Very, very low', 'Very, very high'], 'lower'),
    scale('stress', 'Stress', [1, 7], ['Very, very low', 'Very, very high'], 'lower'),
    scale('soreness', 'Muscle soreness', [1, 7], ['Very, very low', 'Very, very high'], 'lower'),
  ],
};

/** Foster et al. 2001: CR-10 effort of the whole session × its minutes = the session's load (arbitrary units). */
const sessionRpe: QuestionnaireTemplateBody = {
  template: 'session_rpe',
  name: 'Session RPE',
  description: 'How hard was the whole session, and how long (Foster et al. 2001). Effort × minutes = load.',
  anyDay: true,
  total: null,
  questions: [
    {
      ...scale('effort', 'How hard was your session?', [0, 10], ['Rest', 'Maximal'], null),
      measure: 'session_rpe',
    },
    {
      id: 'minutes',
      prompt: 'How many minutes did it last?',
      kind: 'number',
      required: true,
      unit: 'min',
      min: 0,
      max: 600,
      better: null,
      alertAt: null,
      measure: 'session_minutes',
    },
  ],
};

export const questionnaireTemplateBodies: Record<
  QuestionnaireTemplateBody['template'],
  QuestionnaireTemplateBody
> = { wellness, hooper, session_rpe: sessionRpe };
