import type { RoomType, Style } from '@estancia/contracts';
import { hexToRgb, seededRandom, type AssetContext } from './assets/svg';
import { PALETTES, type Palette } from './palettes';
import { ROOM_SETS } from './room-sets';

export interface SceneInput {
  width: number;
  height: number;
  /** Where the floor meets the wall, in pixels from the top (found by the analysis). */
  floorLine: number;
  roomType: RoomType;
  style: Style;
  seed: number;
}

export interface Scene {
  palette: Palette;
  /** Wall tint, floor tone and edge light as raw RGBA, 1 × height, tiled and composited with soft light. */
  grade: Buffer;
  /** The furniture with its shadows, composited over the photo. */
  furniture: Buffer;
}

/** Builds the two full-size overlays for one render. Pure: the same input always gives the same SVG. */
export function buildScene(input: SceneInput): Scene {
  const palette = PALETTES[input.style];
  return { palette, grade: gradeStrip(input, palette), furniture: furnitureSvg(input, palette) };
}

/**
 * One pixel wide and as tall as the photo, tiled across it: wall tint above the floor line, floor tone below,
 * a soft fade between them and a little darkening towards the top and bottom edges. A strip instead of a
 * full-size picture keeps the grade nearly free at 12 megapixels.
 */
function gradeStrip({ height, floorLine }: SceneInput, palette: Palette): Buffer {
  const wall = hexToRgb(palette.wall);
  const floor = hexToRgb(palette.floor);
  const fade = Math.max(1, height * 0.05);
  const strip = Buffer.alloc(height * 4);
  for (let y = 0; y < height; y++) {
    const t = Math.min(1, Math.max(0, (y - (floorLine - fade)) / (2 * fade)));
    const edge = Math.max(0, Math.abs(y / height - 0.45) - 0.3) * 1.6;
    for (let c = 0; c < 3; c++)
      strip[y * 4 + c] = Math.round((wall[c]! + (floor[c]! - wall[c]!) * t) * (1 - edge));
    // Soft light is neutral at mid grey, so the strength is the opacity: gentle on walls, stronger on floors.
    strip[y * 4 + 3] = Math.round(255 * (0.6 + 0.3 * t));
  }
  return strip;
}

function furnitureSvg({ width, height, floorLine, roomType, seed }: SceneInput, palette: Palette): Buffer {
  const random = seededRandom(seed);
  const context: AssetContext = { palette, accent: random.pick(palette.accents), random };
  const mirrored = random.chance(0.5);
  const bottom = height * 0.97;
  const floorDepth = Math.max(1, bottom - floorLine);
  // Nearer pieces are bigger: at the floor line 0.72 of the nominal width, at the bottom 1.28.
  const perspective = (depth: number) => 0.72 + 0.56 * depth;
  const layers: { order: number; markup: string }[] = [];
  const bases: { x: number; y: number; scale: number; top: number; depth: number }[] = [];

  ROOM_SETS[roomType].forEach((placement, index) => {
    const asset = placement.draw(context);
    const jitter = random.between(-0.025, 0.025);
    const share = mirrored ? 1 - placement.x : placement.x;
    let x = (share + jitter) * width;
    let y: number;
    let depth: number;
    let scale: number;
    const parent = placement.sitsOn === undefined ? undefined : bases[placement.sitsOn];
    if (parent) {
      // Carried pieces follow their support exactly.
      x = parent.x;
      depth = parent.depth;
      y = parent.y - parent.top * parent.scale;
      scale = (placement.size * width * perspective(depth)) / asset.width;
    } else if (placement.lift !== undefined) {
      depth = -1;
      y = floorLine - placement.lift * height;
      scale = (placement.size * width * perspective(0)) / asset.width;
    } else {
      depth = Math.min(1, Math.max(0, (placement.depth ?? 0.3) + random.between(-0.04, 0.04)));
      y = floorLine + depth * floorDepth;
      scale = (placement.size * width * perspective(depth)) / asset.width;
    }
    bases[index] = { x, y, scale, top: asset.top ?? 0, depth };
    const flip = mirrored && placement.lift === undefined ? -1 : 1;
    const shadow =
      placement.lift === undefined && !placement.under && !parent
        ? `<ellipse cx="${x.toFixed(1)}" cy="${(y - scale * 2).toFixed(1)}" rx="${(asset.width * scale * 0.58).toFixed(1)}" ry="${(asset.width * scale * 0.1).toFixed(1)}" fill="url(#shadow)"/>`
        : '';
    const piece = `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${(scale * flip).toFixed(4)} ${scale.toFixed(4)})">${asset.svg}</g>`;
    // Rugs first, then wall pieces, then floor pieces from the back to the front; carried pieces right after their support.
    const order = placement.under ? -3 : parent ? depth + 0.0001 : depth;
    layers.push({ order, markup: shadow + piece });
  });

  layers.sort((a, b) => a.order - b.order);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.42"/><stop offset="0.6" stop-color="#000" stop-opacity="0.2"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
${layers.map((layer) => layer.markup).join('\n')}
</svg>`,
  );
}
