import type { Style } from '@estancia/contracts';
import { STYLE_PALETTES } from '../catalogue';

/** A small drawing of a room in the style's palette: wall, floor, sofa and an accent lamp. */
export function StyleSwatch({ style, size = 32 }: { style: Style; size?: number }) {
  const [wall, floor, sofa, accent] = STYLE_PALETTES[style];
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="32" height="22" fill={wall} />
      <rect x="0" y="22" width="32" height="10" fill={floor} />
      <rect x="5" y="15" width="16" height="8" rx="2" fill={sofa} />
      <rect x="5" y="12" width="16" height="4" rx="1.5" fill={sofa} opacity="0.8" />
      <rect x="25" y="10" width="1.5" height="13" fill={accent} />
      <circle cx="25.75" cy="9" r="3" fill={accent} />
      <rect x="0" y="0" width="32" height="32" fill="none" stroke="#00000022" />
    </svg>
  );
}
