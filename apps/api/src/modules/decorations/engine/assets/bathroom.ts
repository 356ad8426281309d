import { type Asset, type AssetContext, mix, shade, tint } from './svg';

/** A vanity unit with a washbasin and a tap. */
export function vanity({ palette, accent }: AssetContext): Asset {
  return {
    width: 150,
    bounds: { left: -72, top: -110, right: 72, bottom: 0 },
    svg: `<rect x="40" y="-110" width="11" height="18" rx="3" fill="${accent}"/>
<rect x="-6" y="-108" width="5" height="16" fill="${palette.metal}"/><rect x="-6" y="-108" width="16" height="4" fill="${palette.metal}"/>
<ellipse cx="0" cy="-92" rx="40" ry="8" fill="#f7f7f5"/>
<rect x="-72" y="-92" width="144" height="8" fill="${tint(palette.wall, 0.5)}"/>
<rect x="-70" y="-84" width="140" height="66" fill="${palette.wood}"/>
<rect x="-64" y="-78" width="62" height="54" fill="none" stroke="${shade(palette.wood, 0.2)}" stroke-width="2"/>
<rect x="2" y="-78" width="62" height="54" fill="none" stroke="${shade(palette.wood, 0.2)}" stroke-width="2"/>
<rect x="-14" y="-54" width="8" height="3" fill="${palette.metal}"/><rect x="6" y="-54" width="8" height="3" fill="${palette.metal}"/>
<rect x="-66" y="-18" width="132" height="18" fill="${shade(palette.wood, 0.3)}"/>`,
  };
}

/** A mirror on the wall above the vanity. */
export function mirror({ palette, random }: AssetContext): Asset {
  const round = random.chance(0.5);
  const glass = mix('#cfd8dc', palette.wall, 0.3);
  return {
    width: 110,
    bounds: round
      ? { left: -55, top: -110, right: 55, bottom: 0 }
      : { left: -45, top: -130, right: 45, bottom: 0 },
    svg: round
      ? `<circle cx="0" cy="-55" r="55" fill="${palette.metal}"/><circle cx="0" cy="-55" r="50" fill="${glass}"/><path d="M-30 -80 L-10 -95" stroke="#ffffff" stroke-width="4" opacity="0.6"/>`
      : `<rect x="-45" y="-130" width="90" height="130" rx="6" fill="${palette.metal}"/><rect x="-40" y="-125" width="80" height="120" rx="4" fill="${glass}"/><path d="M-25 -110 L-5 -125" stroke="#ffffff" stroke-width="4" opacity="0.6"/>`,
  };
}

/** A towel on a rail. */
export function towel({ palette, accent }: AssetContext): Asset {
  return {
    width: 60,
    bounds: { left: -32, top: -84, right: 32, bottom: 0 },
    svg: `<rect x="-32" y="-84" width="64" height="4" fill="${palette.metal}"/>
<rect x="-24" y="-82" width="48" height="78" rx="3" fill="${tint(accent, 0.35)}"/>
<rect x="-24" y="-20" width="48" height="5" fill="${shade(accent, 0.1)}"/>`,
  };
}
