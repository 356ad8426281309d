import { Typography } from '@mui/material';
import { useLocaleState, useRecordContext } from 'react-admin';

/**
 * A calendar day (YYYY-MM-DD) written in the console's language, e.g. "lunes, 8 de diciembre de 2025".
 * Read as UTC midnight so no browser time zone moves it to the day before.
 */
export const DayField = ({ source }: { source: string }) => {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  const value: unknown = record?.[source];
  if (typeof value !== 'string') return null;
  const day = new Date(`${value}T00:00:00Z`);
  return (
    <Typography component="span" variant="body2">
      <time dateTime={value}>
        {Number.isNaN(day.getTime())
          ? value
          : new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(day)}
      </time>
    </Typography>
  );
};
