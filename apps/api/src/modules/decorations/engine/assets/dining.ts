import { type Asset, type AssetContext, shade, tint } from './svg';

/** A dining table with a runner in the accent colour and, by seed, a bowl on top. */
export function diningTable({ palette, accent, random }: AssetContext): Asset {
  const bowl = random.chance(0.6)
    ? `<path d="M-20 -80 Q0 -62 20 -80 Z" fill="${random.pick(palette.accents)}"/>`
    : `<rect x="-6" y="-100" width="12" height="20" rx="3" fill="${tint(accent, 0.3)}"/>`;
  return {
    width: 210,
    bounds: { left: -104, top: -100, right: 104, bottom: 0 },
    svg: `<path d="M-100 -78 L100 -78 L88 -90 L-88 -90 Z" fill="${tint(palette.wood, 0.18)}"/>
<path d="M-40 -79 L40 -79 L34 -90 L-34 -90 Z" fill="${accent}" opacity="0.85"/>
<rect x="-104" y="-78" width="208" height="10" fill="${palette.wood}"/>
<rect x="-92" y="-68" width="8" height="68" fill="${shade(palette.wood, 0.2)}"/><rect x="84" y="-68" width="8" height="68" fill="${shade(palette.wood, 0.2)}"/>
${bowl}`,
  };
}

/** A dining chair seen from the front or (mirrored by the scene) the back. */
export function chair({ palette, accent }: AssetContext): Asset {
  return {
    width: 50,
    bounds: { left: -24, top: -118, right: 24, bottom: 0 },
    svg: `<rect x="-20" y="-118" width="40" height="62" rx="6" fill="${palette.wood}"/>
<rect x="-15" y="-110" width="30" height="44" rx="4" fill="${tint(accent, 0.35)}"/>
<rect x="-24" y="-58" width="48" height="8" rx="2" fill="${shade(palette.wood, 0.1)}"/>
<rect x="-21" y="-50" width="4" height="50" fill="${shade(palette.wood, 0.3)}"/><rect x="17" y="-50" width="4" height="50" fill="${shade(palette.wood, 0.3)}"/>`,
  };
}
