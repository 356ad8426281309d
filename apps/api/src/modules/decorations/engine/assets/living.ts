import { type Asset, type AssetContext, mix, shade, tint, vertical } from './svg';

/** A three-seat sofa with cushions in the accent colours. */
export function sofa({ palette, accent, random, uid }: AssetContext): Asset {
  const body = uid('sofa');
  const fabric = mix(palette.fabric, accent, 0.15);
  const cushions = [-60, 0, 60]
    .filter(() => random.chance(0.75))
    .map(
      (x) =>
        `<rect x="${x - 20}" y="-92" width="40" height="34" rx="9" fill="${random.pick(palette.accents)}" transform="rotate(${random.between(-8, 8)} ${x} -75)"/>`,
    )
    .join('');
  return {
    width: 230,
    bounds: { left: -115, top: -118, right: 115, bottom: 0 },
    svg: `<defs>${vertical(body, tint(fabric, 0.12), shade(fabric, 0.18))}</defs>
<rect x="-105" y="-118" width="210" height="70" rx="14" fill="${shade(fabric, 0.08)}"/>
<rect x="-108" y="-62" width="216" height="44" rx="10" fill="url(#${body})"/>
<rect x="-115" y="-90" width="30" height="74" rx="12" fill="${fabric}"/>
<rect x="85" y="-90" width="30" height="74" rx="12" fill="${fabric}"/>
<path d="M-70 -62 L-70 -20 M0 -62 L0 -20 M70 -62 L70 -20" stroke="${shade(fabric, 0.25)}" stroke-width="1.5"/>
${cushions}
<rect x="-100" y="-18" width="6" height="18" fill="${palette.metal}"/><rect x="94" y="-18" width="6" height="18" fill="${palette.metal}"/>`,
  };
}

/** A low coffee table, with a book or a vase on top depending on the seed. */
export function coffeeTable({ palette, accent, random }: AssetContext): Asset {
  const top = random.chance(0.5)
    ? `<rect x="-22" y="-44" width="40" height="8" fill="${accent}"/><rect x="-18" y="-50" width="32" height="6" fill="${tint(accent, 0.4)}"/>`
    : `<path d="M10 -36 Q4 -52 14 -62 L22 -62 Q32 -52 26 -36 Z" fill="${tint(accent, 0.2)}"/>`;
  return {
    width: 120,
    bounds: { left: -60, top: -62, right: 60, bottom: 0 },
    svg: `<path d="M-58 -36 L58 -36 L50 -44 L-50 -44 Z" fill="${tint(palette.wood, 0.2)}"/>
<rect x="-60" y="-36" width="120" height="8" fill="${palette.wood}"/>
<rect x="-52" y="-28" width="5" height="28" fill="${shade(palette.wood, 0.25)}"/><rect x="47" y="-28" width="5" height="28" fill="${shade(palette.wood, 0.25)}"/>
${top}`,
  };
}

/** An armchair, turned a little towards the room. */
export function armchair({ palette, accent }: AssetContext): Asset {
  const fabric = mix(accent, palette.fabric, 0.45);
  return {
    width: 95,
    bounds: { left: -48, top: -112, right: 48, bottom: 1 },
    svg: `<rect x="-40" y="-112" width="80" height="66" rx="16" fill="${shade(fabric, 0.1)}"/>
<rect x="-44" y="-58" width="88" height="38" rx="10" fill="${fabric}"/>
<rect x="-48" y="-80" width="18" height="60" rx="8" fill="${tint(fabric, 0.08)}"/><rect x="30" y="-80" width="18" height="60" rx="8" fill="${tint(fabric, 0.08)}"/>
<path d="M-40 -20 L-44 0 M40 -20 L44 0" stroke="${palette.wood}" stroke-width="5"/>`,
  };
}
