import { useTranslate } from 'react-admin';

/** Written as the product writes it whatever the language, so a catalogue without the key never shows the key. */
const PRODUCT_NAME = 'Estancia · Backoffice';

/** The console's name in the current language ("Estancia · Backoffice"). */
export const ConsoleName = () => {
  const translate = useTranslate();
  return <>{translate('console.title', { _: PRODUCT_NAME })}</>;
};
