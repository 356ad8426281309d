import { createTheme, type Theme } from '@mui/material/styles';
import { LAYOUT } from '@estancia/contracts';

/** Brand colours; each text colour keeps at least 4.5:1 contrast on its background (WCAG AA). */
export const brand = {
  primary: '#1d4d5c',
  primaryDark: '#12323c',
  accent: '#a8471f',
  background: '#f7f5f2',
  surface: '#ffffff',
  text: '#1c1c1c',
  textMuted: '#4f4f4f',
} as const;

/** Plans whose name contains PRO or ULTIMATE get their own colours (spec section 3). */
export const planColours = {
  ULTIMATE: { background: '#7a5300', text: '#ffffff' },
  PRO: { background: '#5b2d91', text: '#ffffff' },
  other: { background: brand.primary, text: '#ffffff' },
} as const;

export function planColour(planName: string | null | undefined): { background: string; text: string } {
  const name = (planName ?? '').toUpperCase();
  // ULTIMATE first: the check is by containment, and plan names may grow suffixes.
  if (name.includes('ULTIMATE')) return planColours.ULTIMATE;
  if (name.includes('PRO')) return planColours.PRO;
  return planColours.other;
}

/** Status colours that keep white text at WCAG AA (MUI's stock orange and blue do not). */
export const statusPalette = {
  error: { main: '#b3261e' },
  warning: { main: '#8a5300' },
  info: { main: '#1f5fa8' },
  success: { main: '#2e6b34' },
} as const;

export function createEstanciaTheme(): Theme {
  return createTheme({
    palette: {
      primary: { main: brand.primary, dark: brand.primaryDark, contrastText: '#ffffff' },
      secondary: { main: brand.accent, contrastText: '#ffffff' },
      background: { default: brand.background, paper: brand.surface },
      text: { primary: brand.text, secondary: brand.textMuted },
      ...statusPalette,
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '2rem', fontWeight: 700 },
      h2: { fontSize: '1.5rem', fontWeight: 600 },
      h3: { fontSize: '1.2rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    breakpoints: { values: { xs: 0, sm: LAYOUT.mobileMaxWidth + 1, md: 900, lg: 1200, xl: LAYOUT.maxWidth } },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  });
}
