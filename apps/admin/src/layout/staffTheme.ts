import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { brand, statusPalette } from '@estancia/ui';

const WHITE = '#ffffff';

/**
 * A status colour in full: MUI would otherwise derive `contrastText` with its 3:1 threshold and `light`/`dark`
 * by lightening, and nothing held either to WCAG AA. Filled chips write white on `main`; outlined chips, links and
 * the deadline's "overdue" write `main` on white or the page's background, so `main` keeps 4.5:1 against all three
 * (staffTheme.spec.ts checks every pair).
 */
const status = (main: string, dark: string) => ({ main, dark, light: main, contrastText: WHITE });

export const staffPalette = {
  primary: { main: brand.primary, dark: brand.primaryDark, light: brand.primary, contrastText: WHITE },
  secondary: { main: brand.primary, dark: brand.primaryDark, light: brand.primary, contrastText: WHITE },
  error: status(statusPalette.error.main, '#8c1d18'),
  warning: status(statusPalette.warning.main, '#6b4000'),
  info: status(statusPalette.info.main, '#174a84'),
  success: status(statusPalette.success.main, '#225127'),
  background: { default: brand.background, paper: brand.surface },
  text: { primary: brand.text, secondary: brand.textMuted },
} as const;

/** react-admin's layout defaults in the product's colours (white on MUI's stock #2196f3 is 3.1:1). */
export const staffTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, ...staffPalette },
  components: {
    ...defaultTheme.components,
    // react-admin writes an empty list's message in text.disabled (2.6:1) and a list entry's third line at 54%
    // opacity (3.4:1): both in text.secondary instead.
    RaEmpty: {
      styleOverrides: { root: { '& .RaEmpty-message': { color: staffPalette.text.secondary } } },
    },
    // react-admin's layout is at least as wide as its widest table (`min-width: fit-content`), so a long list made
    // the whole page scroll sideways on a phone or tablet: the page keeps the screen's width and a table too wide
    // for it scrolls inside its own card.
    RaLayout: {
      // clip: an off-screen part of the frame (the engines page's) must not widen the page either.
      styleOverrides: { root: { minWidth: 0, overflowX: 'clip', '& .RaLayout-content': { minWidth: 0 } } },
    },
    RaList: {
      styleOverrides: {
        root: { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } },
      },
    },
    RaSimpleList: {
      styleOverrides: {
        root: { '& .RaSimpleList-tertiary': { opacity: 1, color: staffPalette.text.secondary } },
      },
    },
  },
};
