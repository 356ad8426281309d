import { DateField, type DateFieldProps, useLocaleState } from 'react-admin';

/** A date and time written the way the console's current language writes them, not the browser's. */
export const WhenField = (props: DateFieldProps) => {
  const [locale] = useLocaleState();
  return <DateField showTime locales={locale} {...props} />;
};
