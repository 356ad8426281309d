import { type Asset, type AssetContext, mix, shade, tint } from './svg';

/** A desk with a screen or a laptop (by seed) and a desk lamp. */
export function desk({ palette, accent, random }: AssetContext): Asset {
  const device = random.chance(0.5)
    ? `<rect x="-30" y="-142" width="60" height="40" rx="2" fill="#222"/><rect x="-26" y="-138" width="52" height="32" fill="${mix('#2f4858', accent, 0.3)}"/><rect x="-4" y="-102" width="8" height="14" fill="#333"/>`
    : `<path d="M-28 -90 L28 -90 L22 -122 L-22 -122 Z" fill="#2b2b2b"/><rect x="-32" y="-92" width="64" height="4" fill="#555"/>`;
  return {
    width: 170,
    bounds: { left: -84, top: -142, right: 84, bottom: 0 },
    svg: `<rect x="-84" y="-88" width="168" height="8" fill="${palette.wood}"/>
<rect x="-80" y="-80" width="6" height="80" fill="${palette.metal}"/><rect x="74" y="-80" width="6" height="80" fill="${palette.metal}"/>
<rect x="30" y="-80" width="44" height="40" fill="${shade(palette.wood, 0.1)}"/>
${device}
<path d="M-70 -88 L-62 -128 L-48 -124" stroke="${palette.metal}" stroke-width="3" fill="none"/><path d="M-54 -130 L-40 -118 L-48 -112 Z" fill="${accent}"/>`,
  };
}

/** A desk chair on castors. */
export function officeChair({ palette, accent }: AssetContext): Asset {
  const seat = mix(accent, palette.fabric, 0.5);
  return {
    width: 60,
    bounds: { left: -32, top: -120, right: 32, bottom: 1 },
    svg: `<rect x="-24" y="-120" width="48" height="54" rx="10" fill="${shade(seat, 0.15)}"/>
<rect x="-28" y="-64" width="56" height="12" rx="5" fill="${seat}"/>
<rect x="-3" y="-52" width="6" height="36" fill="${palette.metal}"/>
<path d="M-28 -6 L0 -16 L28 -6 M0 -16 L0 -4" stroke="${palette.metal}" stroke-width="4" fill="none"/>
<circle cx="-28" cy="-4" r="4" fill="#222"/><circle cx="28" cy="-4" r="4" fill="#222"/><circle cx="0" cy="-3" r="4" fill="#222"/>`,
  };
}

/** A bookcase with books in the accent colours. */
export function shelf({ palette, random }: AssetContext): Asset {
  const rows = [-170, -118, -66];
  const books = rows
    .map((y) => {
      let x = -40;
      let markup = '';
      while (x < 30) {
        const w = random.between(6, 12);
        const h = random.between(30, 42);
        if (random.chance(0.85)) {
          markup += `<rect x="${x}" y="${y + 46 - h}" width="${w}" height="${h}" fill="${random.pick([...palette.accents, tint(palette.fabric, 0.2)])}"/>`;
        }
        x += w + 1;
      }
      return markup;
    })
    .join('');
  return {
    width: 100,
    bounds: { left: -50, top: -180, right: 50, bottom: 0 },
    svg: `<rect x="-50" y="-180" width="100" height="180" fill="${palette.wood}"/>
<rect x="-44" y="-174" width="88" height="168" fill="${shade(palette.wood, 0.35)}"/>
${rows.map((y) => `<rect x="-44" y="${y + 46}" width="88" height="6" fill="${palette.wood}"/>`).join('')}${books}`,
  };
}
