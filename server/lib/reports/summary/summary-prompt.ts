import type { Report, ReportFigure } from '../../../../contract/reports';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The figures travel between these tags, one JSON array, so a test server (and a reader of logs) finds them. */
export const figuresStart = '<figures>';
export const figuresEnd = '</figures>';

const system = [
  'You write a short summary of a training report for the coach of a sports team.',
  "You may only state numbers that are in the figures you are given. Copy each number exactly as its figure's value",
  '(you may round it, 85.3 may be written 85.3 or 85), with its unit; never compute a new number such as a sum, a',
  "difference or an average, and never write a number that is not a figure's value, not even in advice.",
  'After each sentence that uses a figure, cite its id in square brackets, like [F3] or [F1, F4].',
  'Write plain sentences in one or two short paragraphs: no headings, no lists, no bold, no tables.',
  'Write every number as digits; write dates as YYYY-MM-DD, as the labels do.',
].join(' ');

const scopeWords = (report: Report) =>
  report.scope.kind === 'organization'
    ? `the whole organisation (${report.scope.name})`
    : report.scope.kind === 'group'
      ? `the group ${report.scope.name}`
      : `the athlete ${report.scope.name}`;

/**
 * The messages that ask for a summary of `report`: its figures as JSON with their ids, and what the coach wants to
 * know. The checks (summary-checks.ts) hold the answer to the same figures.
 */
export function summaryMessages(report: Report, figures: readonly ReportFigure[]): ChatMessage[] {
  const shown = figures.map(({ id, section, label, value, unit }) => ({ id, section, label, value, unit }));
  const user = [
    `The report covers ${report.from} to ${report.to} for ${scopeWords(report)}.`,
    `Loads are in ${report.weightUnit}; a percent figure is a percentage; AU is session-RPE load.`,
    'Its figures:',
    figuresStart,
    JSON.stringify(shown),
    figuresEnd,
    'Write at most 6 sentences for the coach: what went well, who needs attention (by name, from the labels), and ' +
      'what to change next week. Cite the figure ids you use. If a section has no figures, leave it out.',
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** The figures a prompt made by summaryMessages carries (undefined when it carries none). */
export function figuresInPrompt(content: string): ReportFigure[] | undefined {
  const start = content.indexOf(figuresStart);
  const end = content.indexOf(figuresEnd, start);
  if (start < 0 || end < 0) return undefined;
  try {
    const parsed: unknown = JSON.parse(content.slice(start + figuresStart.length, end));
    return Array.isArray(parsed) ? (parsed as ReportFigure[]) : undefined;
  } catch {
    return undefined;
  }
}
