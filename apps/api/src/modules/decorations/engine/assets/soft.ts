import { type Asset, type AssetContext, mix, shade, tint, vertical } from './svg';

/** Soft furnishings shared by several rooms: rugs, plants, lamps. */

/** A rug lying on the floor, drawn already foreshortened (a trapezoid) with a border and a pattern. */
export function rug({ palette, accent, random, uid }: AssetContext): Asset {
  const id = uid('rug');
  const base = mix(palette.fabric, accent, 0.35);
  const border = shade(accent, 0.2);
  const stripes = random.chance(0.5);
  const pattern = stripes
    ? [0.3, 0.5, 0.7]
        .map((t) => {
          const y = -60 * t;
          const inset = 14 * t;
          return `<path d="M${-150 + inset + 14} ${y} L${150 - inset - 14} ${y}" stroke="${tint(accent, 0.3)}" stroke-width="3" opacity="0.7"/>`;
        })
        .join('')
    : `<path d="M-40 -30 L0 -48 L40 -30 L0 -12 Z" fill="none" stroke="${tint(accent, 0.35)}" stroke-width="3" opacity="0.8"/>`;
  return {
    width: 300,
    bounds: { left: -150, top: -60, right: 150, bottom: 0 },
    svg: `<defs>${vertical(id, shade(base, 0.1), base)}</defs>
<path d="M-150 0 L150 0 L132 -60 L-132 -60 Z" fill="${border}"/>
<path d="M-140 -4 L140 -4 L125 -56 L-125 -56 Z" fill="url(#${id})"/>${pattern}`,
  };
}

/** A potted plant: the random source varies the leaves. */
export function plant({ palette, random }: AssetContext): Asset {
  const leafColour = random.pick(['#4f7a3a', '#3f6b4a', '#5f8a46']);
  const leaves = Array.from({ length: 7 }, (_, i) => {
    const angle = -70 + i * 23 + random.between(-8, 8);
    const length = random.between(55, 85);
    const colour = i % 2 ? leafColour : shade(leafColour, 0.2);
    return `<ellipse cx="0" cy="${-length / 2}" rx="11" ry="${length / 2}" fill="${colour}" transform="translate(0 -44) rotate(${angle})"/>`;
  }).join('');
  return {
    width: 60,
    bounds: { left: -88, top: -132, right: 88, bottom: 0 },
    svg: `${leaves}<path d="M-22 -48 L22 -48 L16 0 L-16 0 Z" fill="${mix(palette.wood, palette.wall, 0.2)}"/>
<rect x="-24" y="-52" width="48" height="7" rx="2" fill="${shade(palette.wood, 0.15)}"/>`,
  };
}

/** A table lamp with a glowing shade. */
export function tableLamp({ palette, accent, uid }: AssetContext): Asset {
  const glow = uid('glow');
  return {
    width: 40,
    bounds: { left: -36, top: -90, right: 36, bottom: 0 },
    svg: `<defs><radialGradient id="${glow}"><stop offset="0" stop-color="#fff3c4" stop-opacity="0.55"/><stop offset="1" stop-color="#fff3c4" stop-opacity="0"/></radialGradient></defs>
<circle cx="0" cy="-54" r="36" fill="url(#${glow})"/>
<ellipse cx="0" cy="-2" rx="12" ry="3" fill="${palette.metal}"/>
<rect x="-2" y="-40" width="4" height="38" fill="${palette.metal}"/>
<path d="M-20 -40 L20 -40 L13 -70 L-13 -70 Z" fill="${tint(accent, 0.55)}"/>`,
  };
}

/** A floor lamp standing beside a sofa or an armchair. */
export function floorLamp({ palette, uid }: AssetContext): Asset {
  const glow = uid('glow');
  return {
    width: 50,
    bounds: { left: -70, top: -255, right: 70, bottom: 2 },
    svg: `<defs><radialGradient id="${glow}"><stop offset="0" stop-color="#fff1c1" stop-opacity="0.5"/><stop offset="1" stop-color="#fff1c1" stop-opacity="0"/></radialGradient></defs>
<circle cx="0" cy="-185" r="70" fill="url(#${glow})"/>
<ellipse cx="0" cy="-3" rx="20" ry="5" fill="${palette.metal}"/>
<rect x="-2.5" y="-165" width="5" height="162" fill="${palette.metal}"/>
<path d="M-26 -165 L26 -165 L18 -205 L-18 -205 Z" fill="${tint(palette.fabric, 0.5)}"/>`,
  };
}

/** A pendant lamp hanging from above the picture: its base is the bottom of the shade. */
export function pendantLamp({ palette, accent, uid }: AssetContext): Asset {
  const glow = uid('glow');
  return {
    width: 80,
    bounds: { left: -70, top: -1200, right: 70, bottom: 44 },
    svg: `<defs><radialGradient id="${glow}"><stop offset="0" stop-color="#fff4cc" stop-opacity="0.6"/><stop offset="1" stop-color="#fff4cc" stop-opacity="0"/></radialGradient></defs>
<rect x="-1.5" y="-1200" width="3" height="1170" fill="${palette.metal}"/>
<ellipse cx="0" cy="4" rx="70" ry="40" fill="url(#${glow})"/>
<path d="M-40 0 Q-36 -30 0 -34 Q36 -30 40 0 Z" fill="${mix(accent, palette.metal, 0.3)}"/>
<ellipse cx="0" cy="0" rx="40" ry="5" fill="#fff1c0"/>`,
  };
}

/** A framed picture on the wall. */
export function wallArt({ palette, accent, random }: AssetContext): Asset {
  const second = random.pick(palette.accents);
  return {
    width: 120,
    bounds: { left: -60, top: -80, right: 60, bottom: 0 },
    svg: `<rect x="-60" y="-80" width="120" height="80" fill="${palette.wood}"/>
<rect x="-54" y="-74" width="108" height="68" fill="${tint(palette.wall, 0.4)}"/>
<circle cx="${random.between(-25, 25)}" cy="-42" r="20" fill="${accent}" opacity="0.85"/>
<rect x="-44" y="-30" width="88" height="16" fill="${second}" opacity="0.7"/>`,
  };
}
