import { type Asset, type AssetContext, mix, shade, tint, vertical } from './svg';

/** A bed seen from its foot: headboard, mattress, duvet in the accent colour and pillows. */
export function bed({ palette, accent, random, uid }: AssetContext, single = false): Asset {
  const w = single ? 120 : 200;
  const half = w / 2;
  const duvet = uid('duvet');
  const pillows = single ? 1 : 2;
  const pillowWidth = (w - 30) / pillows;
  const pillowMarkup = Array.from({ length: pillows }, (_, i) => {
    const x = -half + 15 + i * pillowWidth + pillowWidth / 2;
    return `<rect x="${x - pillowWidth / 2 + 4}" y="-98" width="${pillowWidth - 8}" height="26" rx="10" fill="${tint(palette.fabric, 0.6)}"/>`;
  }).join('');
  const cushion = random.chance(0.6)
    ? `<rect x="-18" y="-88" width="36" height="22" rx="8" fill="${random.pick(palette.accents)}"/>`
    : '';
  return {
    width: w + 20,
    bounds: { left: -half - 8, top: -150, right: half + 8, bottom: 0 },
    svg: `<defs>${vertical(duvet, tint(accent, 0.25), shade(accent, 0.2))}</defs>
<rect x="${-half - 6}" y="-150" width="${w + 12}" height="110" rx="8" fill="${palette.wood}"/>
<rect x="${-half}" y="-142" width="${w}" height="60" rx="6" fill="${mix(palette.fabric, palette.wood, 0.3)}"/>
<rect x="${-half}" y="-70" width="${w}" height="52" rx="6" fill="${tint(palette.fabric, 0.75)}"/>
${pillowMarkup}${cushion}
<path d="M${-half - 4} -62 L${half + 4} -62 L${half + 8} -8 L${-half - 8} -8 Z" fill="url(#${duvet})"/>
<rect x="${-half - 8}" y="-14" width="${w + 16}" height="8" fill="${shade(accent, 0.35)}"/>
<rect x="${-half - 2}" y="-8" width="8" height="8" fill="${shade(palette.wood, 0.3)}"/>
<rect x="${half - 6}" y="-8" width="8" height="8" fill="${shade(palette.wood, 0.3)}"/>`,
  };
}

/** A bedside table with a drawer. */
export function nightstand({ palette }: AssetContext): Asset {
  return {
    width: 50,
    top: 56,
    bounds: { left: -25, top: -56, right: 25, bottom: 0 },
    svg: `<rect x="-25" y="-52" width="50" height="46" rx="3" fill="${palette.wood}"/>
<rect x="-25" y="-56" width="50" height="6" rx="2" fill="${tint(palette.wood, 0.15)}"/>
<rect x="-20" y="-44" width="40" height="16" fill="${shade(palette.wood, 0.12)}"/>
<circle cx="0" cy="-36" r="2.5" fill="${palette.metal}"/>
<rect x="-22" y="-6" width="5" height="6" fill="${shade(palette.wood, 0.3)}"/><rect x="17" y="-6" width="5" height="6" fill="${shade(palette.wood, 0.3)}"/>`,
  };
}
