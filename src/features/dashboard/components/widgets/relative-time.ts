const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60],
  ['day', 24],
  ['week', 7],
];

/** "5 minutes ago", "yesterday", "3 weeks ago": Intl's own words (no date library on the dashboard's start). */
export function timeAgo(instant: string, now = Date.now()): string {
  let amount = (new Date(instant).getTime() - now) / 1000;
  if (Math.abs(amount) < 60) return relative.format(0, 'second');
  amount /= 60;
  for (const [unit, next] of steps) {
    if (Math.abs(amount) < next || unit === 'week') return relative.format(Math.round(amount), unit);
    amount /= next;
  }
  return relative.format(Math.round(amount), 'week');
}
