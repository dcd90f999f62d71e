/** "07:00" in the organisation's way of writing a time. */
export function timeOfDayLabel(timeOfDay: string, locale: string): string {
  const [hours = 0, minutes = 0] = timeOfDay.split(':').map(Number);
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, hours, minutes),
  );
}
