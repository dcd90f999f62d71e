import { describe, expect, it } from 'vitest';
import type { Report, ReportFigure } from '../../../../contract/reports';
import { faithfulSummary } from '../../../testing/fake-llm-server';
import { checkSummary } from './summary-checks';
import { figuresInPrompt, summaryMessages } from './summary-prompt';

const report = {
  from: '2026-10-19',
  to: '2026-11-15',
  scope: { kind: 'group', id: '0190a1b2-0000-7000-8000-000000000001', name: 'Pitchers' },
  weightUnit: 'lb',
  athletes: 12,
} as Report;
const figures: ReportFigure[] = [
  { id: 'F1', section: 'compliance', label: 'Workouts completed', value: 42, unit: 'workouts' },
  { id: 'F2', section: 'compliance', label: 'Compliance', value: 85.3, unit: 'percent' },
  {
    id: 'F3',
    section: 'throwing',
    label: 'Pitches by Tyler Brooks',
    value: 1240,
    unit: 'pitches',
    href: '/app/users/0190a1b2-0000-7000-8000-000000000002',
  },
];

describe('the prompt', () => {
  const [system, user] = summaryMessages(report, figures);

  it('tells the model to copy numbers from figures, cite ids in brackets and write no markdown', () => {
    expect(system?.role).toBe('system');
    expect(system?.content).toMatch(/only state numbers that are in the figures/);
    expect(system?.content).toMatch(/\[F3\]/);
    expect(system?.content).toMatch(/no headings/);
  });

  it('gives the range, the scope, and what the coach wants to know', () => {
    expect(user?.role).toBe('user');
    expect(user?.content).toContain('2026-10-19 to 2026-11-15');
    expect(user?.content).toContain('the group Pitchers');
    expect(user?.content).toMatch(/what went well, who needs attention .* what to change next week/s);
  });

  it('carries the figures as JSON with their ids, without links', () => {
    expect(figuresInPrompt(user?.content ?? '')).toEqual(figures.map(({ href: _href, ...figure }) => figure));
  });

  it('finds no figures in a text without them', () => {
    expect(figuresInPrompt('no figures here')).toBeUndefined();
    expect(figuresInPrompt('<figures>not json</figures>')).toBeUndefined();
  });

  it("passes the test server's faithful summary through the checks", () => {
    const sentences = checkSummary(faithfulSummary(figures), figures);
    expect(sentences.every((sentence) => sentence.unsupported.length === 0)).toBe(true);
    expect(sentences.flatMap((sentence) => sentence.cites)).toEqual(['F1', 'F2', 'F3']);
  });
});
