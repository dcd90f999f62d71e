// The app's words are English in every organisation's locale (ADR 053), not the browser's language.
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
/** Each unit, and how many of it make the next. */
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "yesterday", "3 weeks ago": Intl's own words (no date library on the dashboard's start). */
export function timeAgo(instant: string, now = Date.now()): string {
  const seconds = (new Date(instant).getTime() - now) / 1000;
  if (Math.abs(seconds) < 60) return relative.format(0, 'second');
  let amount = seconds / 60;
  for (const [unit, perNext] of units) {
    if (Math.abs(amount) < perNext) return relative.format(Math.round(amount), unit);
    amount /= perNext;
  }
  return relative.format(Math.round(amount), 'week');
}
