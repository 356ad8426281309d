import { useState, type MouseEvent } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import LanguageIcon from '@mui/icons-material/Language';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useLocaleState, useLocales, useTranslate } from 'react-admin';

/** Language menu for the app bar and the login page; each language is offered in its own words. */
export const LocaleSwitcher = ({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) => {
  const translate = useTranslate();
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = locales.find((option) => option.locale === locale)?.name ?? locale;
  const label = translate('console.locale.label');

  return (
    <>
      <Button
        color={color}
        aria-label={`${label}: ${current}`}
        aria-haspopup="menu"
        aria-controls={anchor ? 'locale-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        startIcon={<LanguageIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        <span lang={locale}>{current}</span>
      </Button>
      <Menu id="locale-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {locales.map((option) => (
          <MenuItem
            key={option.locale}
            lang={option.locale}
            selected={option.locale === locale}
            onClick={() => {
              setLocale(option.locale);
              setAnchor(null);
            }}
          >
            {option.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
