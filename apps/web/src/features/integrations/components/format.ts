/** A moment in a list or table row, as the user's language writes it (12 mar 2026, 10:41). */
export function formatMoment(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
