import useMediaQuery from '@mui/material/useMediaQuery';
import { LAYOUT } from '@estancia/contracts';

interface NavigatorWithUAData extends Navigator {
  userAgentData?: { mobile: boolean };
}

export function isMobileDevice(nav: NavigatorWithUAData = navigator): boolean {
  return nav.userAgentData?.mobile ?? /Android|iPhone|iPad|iPod|Mobile/i.test(nav.userAgent);
}

/** Desktop navigation when the device is not mobile and the window is wider than 800 px. */
export function useDesktopNavigation(): boolean {
  const wide = useMediaQuery(`(min-width:${LAYOUT.desktopNavMinWidth}px)`, { noSsr: true });
  return wide && !isMobileDevice();
}
