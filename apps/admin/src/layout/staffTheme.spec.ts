import { describe, expect, it } from 'vitest';
import { createTheme, decomposeColor, getContrastRatio, recomposeColor } from '@mui/material/styles';
import { staffTheme } from './staffTheme';

/** WCAG AA for normal-size text: chips, captions and the deadline's "overdue" are all small text. */
const AA = 4.5;

const theme = createTheme(staffTheme);

/** A translucent colour (MUI's tints: `rgba(0, 0, 0, 0.04)`) laid over an opaque one, as the eye sees it. */
const over = (background: string, tint: string): string => {
  const base = decomposeColor(background).values;
  const { values } = decomposeColor(tint);
  const opacity = values[3] ?? 1;
  const mixed = [0, 1, 2].map((i) => Math.round(values[i]! * opacity + base[i]! * (1 - opacity)));
  return recomposeColor({ type: 'rgb', values: mixed as [number, number, number] });
};
const { palette } = theme;
const STATUS = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;
/** Where chips sit: a card, the page, and a table row under the pointer (MUI's hover tint). */
const surfaces = {
  paper: palette.background.paper,
  page: palette.background.default,
  hoveredRow: over(palette.background.paper, palette.action.hover),
};

describe('the staff theme keeps status colours at WCAG AA', () => {
  it.each(STATUS)('%s: a filled chip writes its contrast text on it at 4.5:1 or more', (name) => {
    const colour = palette[name];
    expect(getContrastRatio(colour.contrastText, colour.main)).toBeGreaterThanOrEqual(AA);
    // Hovered and pressed chips and buttons darken.
    expect(getContrastRatio(colour.contrastText, colour.dark)).toBeGreaterThanOrEqual(AA);
  });

  it.each(STATUS)('%s: outlined chips and coloured text read at 4.5:1 on every surface', (name) => {
    for (const [surface, background] of Object.entries(surfaces))
      expect(
        getContrastRatio(palette[name].main, background),
        `${name} on ${surface}`,
      ).toBeGreaterThanOrEqual(AA);
  });

  it('a default chip, and muted text, read at 4.5:1', () => {
    // MUI's default filled chip is a tint of black (action.selected) under text.primary.
    const chip = over(palette.background.paper, palette.action.selected);
    expect(getContrastRatio(palette.text.primary, chip)).toBeGreaterThanOrEqual(AA);
    for (const background of Object.values(surfaces))
      expect(getContrastRatio(palette.text.secondary, background)).toBeGreaterThanOrEqual(AA);
  });
});
