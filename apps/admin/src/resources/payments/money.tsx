import { NumberInput, type NumberInputProps, useLocaleState, useRecordContext } from 'react-admin';

/** Cents to the euros a person types ("19.99"); empty for no amount. */
export const centsToEuros = (cents: unknown): string =>
  typeof cents === 'number' && Number.isFinite(cents) ? String(cents / 100) : '';

/** Euros as typed (a number or its text) to whole cents; null when empty, NaN when not a number. */
export const eurosToCents = (euros: unknown): number | null => {
  if (euros === '' || euros === null || euros === undefined) return null;
  const value = typeof euros === 'number' ? euros : Number(String(euros).replace(',', '.'));
  // Rounded: 19.99 * 100 is 1998.9999999999998 in floating point.
  return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
};

/** How the console writes money in the current language ("19,99 €"). */
export const useEuros = () => {
  const [locale] = useLocaleState();
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  return (cents: number) => money.format(cents / 100);
};

/** A record's amount in cents, written in euros. */
export const EuroField = ({
  source,
  emptyText = '—',
}: {
  source: string;
  label?: string;
  emptyText?: string;
}) => {
  const record = useRecordContext<Record<string, unknown>>();
  const euros = useEuros();
  const value = source
    .split('.')
    .reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], record);
  return <span>{typeof value === 'number' ? euros(value) : emptyText}</span>;
};

/**
 * An amount typed in euros and kept in the form (and sent) in whole cents, as the API stores money. The
 * conversions are module constants: NumberInput re-formats whenever `format` changes identity.
 */
export const EuroInput = (props: Omit<NumberInputProps, 'format' | 'parse' | 'step'>) => (
  <NumberInput
    min={0}
    {...props}
    step={0.01}
    format={centsToEuros}
    parse={eurosToCents}
    slotProps={{ input: { endAdornment: '€' } }}
  />
);
