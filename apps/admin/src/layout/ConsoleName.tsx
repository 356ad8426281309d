import { useTranslate } from 'react-admin';

/** The console's name in the current language ("Estancia · Backoffice"). */
export const ConsoleName = () => {
  const translate = useTranslate();
  return <>{translate('console.title')}</>;
};
