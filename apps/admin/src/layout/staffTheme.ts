import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { brand, statusPalette } from '@estancia/ui';

/**
 * react-admin's layout defaults in the product's colours. The stock blues and oranges fail WCAG AA
 * contrast (white on #2196f3 is 3.1:1); the brand and status colours keep text at 4.5:1 or more.
 */
export const staffTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: brand.primary, dark: brand.primaryDark, contrastText: '#ffffff' },
    secondary: { main: brand.primary, dark: brand.primaryDark, contrastText: '#ffffff' },
    background: { default: brand.background, paper: brand.surface },
    text: { primary: brand.text, secondary: brand.textMuted },
    ...statusPalette,
  },
};
