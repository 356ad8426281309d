/** A date as the user's language writes it in full (15 de diciembre de 2026, December 15, 2026). */
export function formatLongDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));
}

/** A date in a table row (15/12/2026, 12/15/2026). */
export function formatShortDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short' }).format(new Date(iso));
}
