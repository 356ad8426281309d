import { type Asset, type AssetContext, mix, shade, tint } from './svg';

/** A kitchen island with a worktop, cabinet doors and a fruit bowl. */
export function island({ palette, accent, random }: AssetContext): Asset {
  const body = mix(palette.fabric, palette.wood, 0.5);
  const doors = [-90, -30, 30]
    .map(
      (x) =>
        `<rect x="${x + 4}" y="-82" width="52" height="74" fill="none" stroke="${shade(body, 0.2)}" stroke-width="2"/>`,
    )
    .join('');
  const fruit = random.chance(0.7)
    ? `<ellipse cx="40" cy="-100" rx="22" ry="7" fill="${palette.metal}"/><circle cx="32" cy="-106" r="7" fill="${accent}"/><circle cx="46" cy="-107" r="7" fill="${random.pick(palette.accents)}"/>`
    : '';
  return {
    width: 250,
    bounds: { left: -126, top: -114, right: 126, bottom: 0 },
    svg: `<path d="M-124 -92 L124 -92 L110 -104 L-110 -104 Z" fill="${tint(palette.wall, 0.3)}"/>
<rect x="-126" y="-94" width="252" height="10" fill="${mix(palette.wall, '#9a9a9a', 0.4)}"/>
<rect x="-120" y="-84" width="240" height="84" fill="${body}"/>${doors}
<rect x="-120" y="-6" width="240" height="6" fill="${shade(body, 0.35)}"/>${fruit}`,
  };
}

/** A bar stool. */
export function stool({ palette, accent }: AssetContext): Asset {
  return {
    width: 40,
    bounds: { left: -20, top: -102, right: 20, bottom: 0 },
    svg: `<ellipse cx="0" cy="-96" rx="19" ry="6" fill="${mix(accent, palette.fabric, 0.3)}"/>
<rect x="-19" y="-96" width="38" height="7" fill="${shade(mix(accent, palette.fabric, 0.3), 0.2)}"/>
<path d="M-14 -89 L-18 0 M14 -89 L18 0" stroke="${palette.metal}" stroke-width="3.5"/>
<path d="M-16 -36 L16 -36" stroke="${palette.metal}" stroke-width="2.5"/>`,
  };
}
