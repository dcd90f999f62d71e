import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { saveScreenshotsAtBothSizes } from './support/browser';
import { openSignedInPage, useAppContexts } from './support/contexts';

/*
 * Reports in Chromium (issue 27, ADR 075): a coach opens the report of a group, changes the range, downloads a
 * section's CSV and reads a written summary streamed from a language model (scripts/test-e2e.ts starts a local
 * stand-in speaking the chat-completions stream), whose cited figures link to the cells that state them.
 */
describe('reports in Chromium', () => {
  const openContext = useAppContexts();

  it("a coach reads a group's report, changes the range, downloads a CSV and reads a grounded summary", async () => {
    const coach = await openSignedInPage(openContext, 'coach@demo.test', 'desktop');
    await coach.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
    await coach.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await coach.getByRole('region', { name: 'Compliance' }).waitFor();

    // The group's report: its athletes only, and no per-group table.
    const reportOf = coach.getByRole('combobox', { name: 'Report of' });
    await reportOf.fill('Pitch');
    await coach
      .getByRole('option', { name: /^Pitchers/ })
      .first()
      .click();
    await coach.waitForURL(/groupId=/);
    // As a coach would, read that the group's report is on screen before changing its range: a range link clicked
    // before the router has taken in the new address would still carry the previous scope.
    await coach.getByText(/^Pitchers.* · /).waitFor();

    await coach.getByRole('link', { name: '90 days' }).click();
    await coach.waitForURL(
      (url) => url.searchParams.has('groupId') && url.searchParams.get('range') === '90d',
    );
    const compliance = coach.getByRole('region', { name: 'Compliance' });
    await compliance.getByRole('table', { name: 'Compliance by athlete, lowest first' }).waitFor();
    // The previous report stays on screen (dimmed, aria-busy) while the group's 90 days load: wait for them.
    await expect.poll(() => coach.locator('main [aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
    await coach.getByText(/^Pitchers.* · /).waitFor();

    const [download] = await Promise.all([
      coach.waitForEvent('download'),
      compliance.getByRole('button', { name: 'Download CSV of Compliance' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^compliance-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.split(/\r?\n/);
    expect(lines[0]).toBe('Row,Name,Week starting,Completed,Missed,Skipped,Due,Compliance (%)');
    // The group's athletes, and no per-group rows in a group's report.
    expect(lines.some((line) => line.startsWith('Athlete,'))).toBe(true);
    expect(lines.some((line) => line.startsWith('Group,'))).toBe(false);

    const summary = coach.getByRole('region', { name: 'Written summary' });
    await summary.getByRole('button', { name: 'Write a summary' }).click();
    // The stand-in writes slowly: the text shows as it arrives, then the checked sentences replace it.
    await summary.getByRole('button', { name: 'Writing…' }).waitFor();
    const citation = summary.getByRole('link', { name: /^F\d+: / }).first();
    await citation.waitFor({ timeout: 30_000 });
    const href = await citation.getAttribute('href');
    expect(href).toMatch(/^#figure-F\d+$/);
    // The figure the citation names is on the page, and the link takes the coach to it.
    const figure = coach.locator(href!);
    expect(await figure.count()).toBe(1);
    await citation.click();
    // The cell takes the focus (and a ring for a moment), so a keyboard or screen-reader user lands on it too.
    await expect.poll(() => coach.evaluate(() => document.activeElement?.id)).toBe(href!.slice(1));
    expect(await figure.isVisible()).toBe(true);
    await saveScreenshotsAtBothSizes(coach, 'reports-group-summary');

    // Printed (a PDF through the browser's print) in the dark theme: dark ink on white paper, without the navigation.
    await coach.evaluate(() => document.documentElement.classList.add('dark'));
    await coach.emulateMedia({ media: 'print' });
    const printed = await coach.evaluate(() => ({
      paper: getComputedStyle(document.body).backgroundColor,
      card: getComputedStyle(document.querySelector('main section')!).backgroundColor,
      ink: getComputedStyle(document.querySelector('main h1')!).color,
      navigation: document.querySelector('nav[aria-label="Main"]')?.checkVisibility() ?? false,
    }));
    expect(printed.paper).toBe('rgb(255, 255, 255)');
    expect(printed.card).toBe('rgb(255, 255, 255)');
    // The foreground token, oklch(0.22 0.02 260): dark, not the dark theme's near-white.
    expect(printed.ink).toMatch(/^oklch\(0\.22 /);
    expect(printed.navigation).toBe(false);
    await coach.emulateMedia({ media: null });
  });
});
