import type { TFunction } from 'i18next';
import type { Decoration } from '@estancia/contracts';

/** A result's name as the customer chose it: room type and style ("Salón · Moderno"); a photo not decorated yet goes by its number. */
export function resultTitle(
  t: TFunction,
  n: number,
  decoration: Pick<Decoration, 'roomType' | 'style'> | null,
): string {
  if (!decoration) return t('results.photo', { n });
  return t('results.title', {
    room: t(`catalogue.roomTypes.${decoration.roomType}`),
    style: t(`catalogue.styles.${decoration.style}`),
  });
}

/** A date and time of a supervised delivery in the interface's language. */
export function formatDelivery(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
