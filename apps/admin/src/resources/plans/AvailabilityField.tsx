import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';

/** "On sale always", "from 1 Mar 2025", "until …", "1 Mar – 30 Apr 2025", for a plan or a pack. */
export const AvailabilityField = () => {
  const record = useRecordContext<{ availableFrom: string | null; availableUntil: string | null }>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const from = record.availableFrom ? when.format(new Date(record.availableFrom)) : null;
  const until = record.availableUntil ? when.format(new Date(record.availableUntil)) : null;
  const text =
    from && until
      ? translate('commerce.onSale.between', { from, until })
      : from
        ? translate('commerce.onSale.from', { from })
        : until
          ? translate('commerce.onSale.until', { until })
          : translate('commerce.onSale.always');
  return <span>{text}</span>;
};
