import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALES } from '@estancia/contracts';
import { useLanguage } from '../hooks/useLanguage';

/** The interface language; each option is written in its own language. */
export function LanguageSelector({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const id = useId();
  return (
    <TextField
      id={id}
      select
      size="small"
      label={t('language.label')}
      value={language}
      fullWidth={fullWidth}
      onChange={(event) => isLocale(event.target.value) && setLanguage(event.target.value)}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'language-selector' } }}
      sx={{ minWidth: 130 }}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {t(`language.names.${locale}`)}
        </option>
      ))}
    </TextField>
  );
}
