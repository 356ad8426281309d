import type { Theme } from '@mui/material/styles';

/** The smallest side of a control a fingertip hits reliably, in px. */
export const TOUCH_TARGET = 40;

/** Phones and tablets: a narrow window (below md) or any coarse pointer, whatever the width. */
export const touchMedia = (theme: Theme) => `${theme.breakpoints.down('md')}, (pointer: coarse)`;

/** An sx entry that makes a control at least TOUCH_TARGET square on phones and tablets. */
export const touchTarget = (theme: Theme) => ({
  [touchMedia(theme)]: { minWidth: TOUCH_TARGET, minHeight: TOUCH_TARGET },
});
