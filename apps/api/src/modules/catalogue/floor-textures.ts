import type { FloorPattern } from '@estancia/contracts';

/**
 * Our own seamless floor tiles, drawn as SVG from a pattern and a base colour. The browser editor
 * repeats the served SVG and the server's renderer repeats the same SVG rasterised, so both show
 * the same floor. Every element that crosses an edge is drawn again on the opposite side, which is
 * what makes the tile seamless.
 */

type Rgb = [number, number, number];

const parseHex = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const toHex = (rgb: Rgb): string =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Towards white (amount > 0) or black (amount < 0), amount in -1..1. */
export function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const t = Math.abs(amount);
  return toHex(parseHex(hex).map((c) => c + (target - c) * t) as Rgb);
}

/** Small deterministic PRNG (mulberry32), so a product's texture never changes between requests. */
function random(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (n: number): string => String(Math.round(n * 100) / 100);
const mod = (n: number, m: number): number => ((n % m) + m) % m;

/** A periodic wavy line across the tile: integer harmonics of the width join up at the edges. */
function wave(
  width: number,
  y0: number,
  rise: number,
  harmonics: { amplitude: number; cycles: number; phase: number }[],
): string {
  const points: string[] = [];
  for (let x = 0; x <= width; x += 8) {
    const y =
      y0 +
      (rise * x) / width +
      harmonics.reduce(
        (sum, h) => sum + h.amplitude * Math.sin((2 * Math.PI * h.cycles * x) / width + h.phase),
        0,
      );
    points.push(`${x},${round(y)}`);
  }
  return points.join(' ');
}

/** The same element at every offset where it may show inside the tile. */
function wrapped(width: number, height: number, draw: (dx: number, dy: number) => string): string {
  const out: string[] = [];
  for (const dx of [-width, 0, width]) for (const dy of [-height, 0, height]) out.push(draw(dx, dy));
  return out.join('');
}

interface Tile {
  width: number;
  height: number;
  body: string;
}

/** Planks one tile long, four rows with staggered joints and a grain of thin waves. */
function planks(color: string, rand: () => number): Tile {
  const width = 512;
  const rowHeight = 64;
  const joints = [0, 256, 128, 384];
  let body = '';
  joints.forEach((joint, row) => {
    const y = row * rowHeight;
    const tone = shade(color, (rand() - 0.5) * 0.18);
    body += `<rect x="0" y="${y}" width="${width}" height="${rowHeight}" fill="${tone}"/>`;
    for (let g = 0; g < 5; g++) {
      const points = wave(width, y + 6 + rand() * (rowHeight - 12), 0, [
        { amplitude: 0.8 + rand() * 2, cycles: 1 + Math.floor(rand() * 3), phase: rand() * 6.28 },
        { amplitude: rand() * 0.8, cycles: 5 + Math.floor(rand() * 4), phase: rand() * 6.28 },
      ]);
      body += `<polyline points="${points}" fill="none" stroke="${shade(tone, -0.22)}" stroke-width="${round(0.8 + rand())}" opacity="${round(0.25 + rand() * 0.2)}"/>`;
    }
    // A joint on the tile's edge is drawn on both edges: each half shows on its own side.
    const edges = joint === 0 ? [0, width] : [joint];
    for (const x of edges)
      body += `<line x1="${x}" y1="${y}" x2="${x}" y2="${y + rowHeight}" stroke="${shade(color, -0.45)}" stroke-width="2"/>`;
  });
  for (const y of [0, 64, 128, 192, 256])
    body += `<line x1="0" y1="${y}" x2="${width}" y2="${y}" stroke="${shade(color, -0.4)}" stroke-width="2"/>`;
  return { width, height: 256, body };
}

/**
 * Herringbone of 4:1 blocks (u = 32 px). The pattern repeats by (u, u) along its staircase and by
 * (4u, -4u) across it; 8u square is the smallest square period, so the tile is 256 × 256.
 */
function herringbone(color: string, rand: () => number): Tile {
  const u = 32;
  const size = 8 * u;
  const tones = new Map<string, string>();
  const toneOf = (key: string) => {
    if (!tones.has(key)) tones.set(key, shade(color, (rand() - 0.5) * 0.2));
    return tones.get(key)!;
  };
  const joint = shade(color, -0.45);
  let body = '';
  for (let a = -16; a <= 16; a++) {
    for (let b = -4; b <= 4; b++) {
      const x = (a + 4 * b) * u;
      const y = (a - 4 * b) * u;
      const blocks = [
        { kind: 'h', x, y, w: 4 * u, h: u },
        { kind: 'v', x, y: y + u, w: u, h: 4 * u },
      ];
      for (const block of blocks) {
        if (block.x >= size || block.y >= size || block.x + block.w <= 0 || block.y + block.h <= 0) continue;
        // Keyed by the position modulo the tile, so a block cut by an edge has one tone on both sides.
        const tone = toneOf(`${block.kind}:${mod(block.x, size)}:${mod(block.y, size)}`);
        body += `<rect x="${block.x}" y="${block.y}" width="${block.w}" height="${block.h}" fill="${tone}" stroke="${joint}" stroke-width="1.5"/>`;
        const grain = shade(tone, -0.2);
        for (const f of [0.3, 0.62]) {
          body +=
            block.kind === 'h'
              ? `<line x1="${block.x + 3}" y1="${block.y + block.h * f}" x2="${block.x + block.w - 3}" y2="${block.y + block.h * f}" stroke="${grain}" stroke-width="0.8" opacity="0.35"/>`
              : `<line x1="${block.x + block.w * f}" y1="${block.y + 3}" x2="${block.x + block.w * f}" y2="${block.y + block.h - 3}" stroke="${grain}" stroke-width="0.8" opacity="0.35"/>`;
        }
      }
    }
  }
  return { width: size, height: size, body };
}

/** Four square tiles with grout; no tile crosses an edge. */
function tiles(color: string, rand: () => number): Tile {
  const size = 256;
  const cell = 128;
  const grout = 3;
  let body = `<rect width="${size}" height="${size}" fill="${shade(color, 0.45)}"/>`;
  for (const x of [0, cell])
    for (const y of [0, cell]) {
      const tone = shade(color, (rand() - 0.5) * 0.14);
      body += `<rect x="${x + grout}" y="${y + grout}" width="${cell - 2 * grout}" height="${cell - 2 * grout}" rx="2" fill="${tone}"/>`;
      body += `<rect x="${x + grout + 8}" y="${y + grout + 8}" width="${cell * 0.45}" height="${cell * 0.3}" fill="#ffffff" opacity="0.06"/>`;
    }
  return { width: size, height: size, body };
}

/** Marble: soft grey veins, some wavy along the tile, some diagonal (rising one tile per tile). */
function marble(color: string, rand: () => number): Tile {
  const size = 512;
  let body = `<rect width="${size}" height="${size}" fill="${color}"/>`;
  const veins = (count: number, width: [number, number], opacity: [number, number], darken: number) => {
    for (let v = 0; v < count; v++) {
      const rise = [0, size, -size][v % 3];
      const points = wave(size, rand() * size, rise, [
        { amplitude: 10 + rand() * 30, cycles: 1, phase: rand() * 6.28 },
        { amplitude: 4 + rand() * 10, cycles: 2 + Math.floor(rand() * 2), phase: rand() * 6.28 },
        { amplitude: rand() * 4, cycles: 7 + Math.floor(rand() * 5), phase: rand() * 6.28 },
      ]);
      const stroke = shade(color, -darken - rand() * 0.1);
      const strokeWidth = round(width[0] + rand() * (width[1] - width[0]));
      const alpha = round(opacity[0] + rand() * (opacity[1] - opacity[0]));
      for (const dy of [-2 * size, -size, 0, size, 2 * size])
        body += `<polyline points="${points}" transform="translate(0 ${dy})" fill="none" stroke="${stroke}" stroke-width="${strokeWidth}" stroke-linejoin="round" opacity="${alpha}"/>`;
    }
  };
  veins(5, [6, 14], [0.05, 0.1], 0.08);
  veins(4, [1.2, 2.6], [0.3, 0.5], 0.35);
  veins(8, [0.5, 1], [0.2, 0.35], 0.3);
  return { width: size, height: size, body };
}

/** Polished concrete: faint clouds and a fine speckle. */
function concrete(color: string, rand: () => number): Tile {
  const size = 256;
  let body = `<rect width="${size}" height="${size}" fill="${color}"/>`;
  const dot = (r: number, fill: string, opacity: number) => {
    const x = rand() * size;
    const y = rand() * size;
    body += wrapped(size, size, (dx, dy) => {
      const cx = x + dx;
      const cy = y + dy;
      if (cx + r < 0 || cy + r < 0 || cx - r > size || cy - r > size) return '';
      return `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${fill}" opacity="${round(opacity)}"/>`;
    });
  };
  for (let i = 0; i < 26; i++)
    dot(14 + rand() * 34, shade(color, (rand() - 0.5) * 0.16), 0.18 + rand() * 0.15);
  for (let i = 0; i < 420; i++)
    dot(0.5 + rand() * 1.2, rand() < 0.6 ? shade(color, -0.35) : shade(color, 0.35), 0.35 + rand() * 0.35);
  return { width: size, height: size, body };
}

const PATTERNS: Record<FloorPattern, (color: string, rand: () => number) => Tile> = {
  planks,
  herringbone,
  tiles,
  marble,
  concrete,
};

/** The texture tile of a floor: an SVG document with its own pixel size; `key` varies the grain per product. */
export function floorTextureSvg(pattern: FloorPattern, color: string, key: string = pattern): string {
  const { width, height, body } = PATTERNS[pattern](color.toLowerCase(), random(`${key}:${color}`));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" shape-rendering="geometricPrecision">${body}</svg>`;
}
