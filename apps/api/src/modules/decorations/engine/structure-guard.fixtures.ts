import sharp from 'sharp';
import { ROOM_TYPES, ROOM_TYPES_COMING_SOON, STYLES, STYLES_COMING_SOON } from '@estancia/contracts';
import { mix, seededRandom, shade, tint, type Random } from './assets/svg';
import { BuiltInStagingEngine } from './built-in-staging.engine';
import { stagingPrompt } from './staging-prompt';

/**
 * The measured set of the structure guard: synthetic rooms staged by the real built-in engine (the results that
 * must pass), the same results with a colour grade, light change, re-encode or extra furniture (must pass too),
 * and distorted ones that moved the structure (must be caught). Shared by structure-guard.spec.ts and
 * tools/bench/structure.bench.mjs.
 */

/** A rectangle as shares of the photo's width and height. */
interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface RoomLayout {
  width: number;
  height: number;
  /** Where the ceiling meets the back wall, share of the height. */
  ceiling: number;
  /** Where the floor meets the back wall, share of the height. */
  floor: number;
  /** Where the left side wall meets the back wall, share of the width; null for a flat back wall only. */
  corner: number | null;
  wall: string;
  sideWall: string;
  ceilingColour: string;
  floorColour: string;
  floorKind: 'planks' | 'tiles';
  wallTexture: 'plain' | 'stripes' | 'plaster';
  skirting: string;
  windows: Box[];
  door: (Box & { colour: string }) | null;
  grain: number;
}

export const STRUCTURE_KINDS = {
  /** Must pass: the structure is where it was. */
  kept: ['staged', 'colour-grade', 'brighter', 'darker', 'jpeg-70', 'extra-furniture'],
  /** Must be caught: walls, windows or doors moved, changed or gone. */
  moved: [
    'rotated',
    'perspective',
    'shifted',
    'window-repainted',
    'window-moved',
    'window-resized',
    'door-removed',
    'wall-edge-moved',
  ],
} as const;

export type KeptKind = (typeof STRUCTURE_KINDS.kept)[number];
export type MovedKind = (typeof STRUCTURE_KINDS.moved)[number];

export interface StructureCase {
  name: string;
  kind: KeptKind | MovedKind;
  /** True when the guard must flag it. */
  moved: boolean;
  original: Buffer;
  result: Buffer;
  mayChange?: Buffer;
  added?: Buffer;
}

const WALLS = ['#e8e2d6', '#d9d4cc', '#c9d3d8', '#e6d8c3', '#d4d9c7', '#efe9e1', '#bfc6c9', '#d8c9c2'];
const WOODS = ['#9c7a55', '#7a5a3c', '#b58f64', '#6b4f33', '#c2a27a'];
const TILES = ['#b9b4ab', '#8f8a84', '#d2ccc0', '#6f6a66'];
const DOORS = ['#f3f0ea', '#8a6444', '#5d4a3a', '#e9e4da', '#a7b1b8'];
const SIZES: [number, number][] = [
  [640, 480],
  [720, 480],
  [480, 640],
  [800, 533],
  [600, 600],
  [768, 432],
  [560, 700],
];

/** A varied room from a seed: sizes, colours, textures, one or two windows, a door, with or without a side wall. */
export function roomLayout(seed: number): RoomLayout {
  const random = seededRandom(seed * 7919 + 13);
  const [width, height] = random.pick(SIZES);
  const corner = random.chance(0.75) ? random.between(0.14, 0.28) : null;
  const floorKind = random.chance(0.6) ? 'planks' : 'tiles';
  const wall = random.pick(WALLS);
  const left = corner ?? 0;
  const span = 1 - left;
  const floor = random.between(0.58, 0.68);
  const ceiling = random.between(0.05, 0.12);
  const doorWidth = random.between(0.1, 0.14);
  const doorOnLeft = random.chance(0.5);
  const doorX = doorOnLeft
    ? left + span * random.between(0.04, 0.12)
    : 1 - doorWidth - span * random.between(0.04, 0.1);
  const door = {
    x: doorX,
    y: floor - random.between(0.38, 0.44),
    w: doorWidth,
    h: 0,
    colour: random.pick(DOORS),
  };
  door.h = floor - door.y;
  // Windows share the wall that the door leaves free.
  const freeFrom = doorOnLeft ? doorX + doorWidth + 0.05 : left + 0.05;
  const freeTo = doorOnLeft ? 0.96 : doorX - 0.05;
  const count = freeTo - freeFrom > 0.5 && random.chance(0.5) ? 2 : 1;
  const slot = (freeTo - freeFrom) / count;
  const windows: Box[] = [];
  for (let i = 0; i < count; i++) {
    const w = Math.min(slot * 0.7, random.between(0.13, 0.22));
    const h = random.between(0.24, 0.34);
    windows.push({
      x: freeFrom + i * slot + random.between(0, slot - w),
      y: random.between(ceiling + 0.06, floor - h - 0.12),
      w,
      h,
    });
  }
  return {
    width,
    height,
    ceiling,
    floor,
    corner,
    wall,
    sideWall: shade(wall, random.between(0.08, 0.18)),
    ceilingColour: tint(wall, 0.55),
    floorColour: floorKind === 'planks' ? random.pick(WOODS) : random.pick(TILES),
    floorKind,
    wallTexture: random.pick(['plain', 'plain', 'stripes', 'plaster'] as const),
    skirting: random.chance(0.7) ? '#f4f2ee' : shade(wall, 0.3),
    windows,
    door,
    grain: random.between(6, 14),
  };
}

/** The room drawn as a photo: JPEG with a little grain, as a camera would give; the same seed, the same photo. */
export async function roomPhoto(layout: RoomLayout, seed: number): Promise<Buffer> {
  const { width, height } = layout;
  const raw = await sharp(Buffer.from(roomSvg(layout)))
    .removeAlpha()
    .raw()
    .toBuffer();
  const random = seededRandom(seed);
  // Three uniforms summed: close enough to a Gaussian of the layout's sigma for grain.
  const spread = layout.grain * 2;
  for (let i = 0; i < raw.length; i++) {
    const grain = (random.next() + random.next() + random.next() - 1.5) * spread;
    raw[i] = Math.max(0, Math.min(255, Math.round(raw[i]! + grain)));
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

function roomSvg(layout: RoomLayout): string {
  const { width: W, height: H } = layout;
  const px = (share: number) => (share * W).toFixed(1);
  const left = layout.corner ?? 0;
  const ceilingY = layout.ceiling * H;
  const floorY = layout.floor * H;
  // The side wall's floor edge runs down to the left border, as in a photo taken from the room's middle.
  const sideFloorY = Math.min(H, floorY + 0.22 * H);
  const floorPoints =
    layout.corner === null
      ? `0,${floorY} ${W},${floorY} ${W},${H} 0,${H}`
      : `0,${sideFloorY} ${px(left)},${floorY} ${W},${floorY} ${W},${H} 0,${H}`;
  const parts: string[] = [];
  parts.push(`<rect width="${W}" height="${H}" fill="${layout.ceilingColour}"/>`);
  parts.push(
    `<rect x="${px(left)}" y="${ceilingY}" width="${W - left * W}" height="${floorY - ceilingY}" fill="url(#wall)"/>`,
  );
  if (layout.corner !== null) {
    parts.push(
      `<polygon points="0,0 ${px(left)},${ceilingY} ${px(left)},${floorY} 0,${sideFloorY}" fill="${layout.sideWall}"/>`,
    );
  }
  if (layout.wallTexture !== 'plain') {
    parts.push(
      `<rect x="0" y="0" width="${W}" height="${floorY}" fill="url(#texture)" clip-path="url(#walls)"/>`,
    );
  }
  parts.push(`<polygon points="${floorPoints}" fill="${layout.floorColour}"/>`);
  parts.push(
    `<g clip-path="url(#floor)" stroke="${shade(layout.floorColour, 0.35)}" stroke-opacity="0.6">${floorLines(layout)}</g>`,
  );
  const skirtingHeight = 0.018 * H;
  parts.push(
    `<rect x="${px(left)}" y="${floorY - skirtingHeight}" width="${W - left * W}" height="${skirtingHeight}" fill="${layout.skirting}"/>`,
  );
  if (layout.corner !== null) {
    parts.push(
      `<line x1="0" y1="${sideFloorY - skirtingHeight}" x2="${px(left)}" y2="${floorY - skirtingHeight / 2}" stroke="${layout.skirting}" stroke-width="${skirtingHeight}"/>`,
    );
  }
  for (const window of layout.windows) parts.push(windowSvg(window, W, H));
  if (layout.door) parts.push(doorSvg(layout.door, W, H));
  const wallClip =
    layout.corner === null
      ? `<rect x="0" y="${ceilingY}" width="${W}" height="${floorY - ceilingY}"/>`
      : `<polygon points="0,0 ${px(left)},${ceilingY} ${W},${ceilingY} ${W},${floorY} ${px(left)},${floorY} 0,${sideFloorY}"/>`;
  const texture =
    layout.wallTexture === 'stripes'
      ? `<pattern id="texture" width="${(W * 0.04).toFixed(1)}" height="10" patternUnits="userSpaceOnUse"><rect width="${(W * 0.02).toFixed(1)}" height="10" fill="#000" fill-opacity="0.05"/></pattern>`
      : `<filter id="plaster"><feTurbulence type="fractalNoise" baseFrequency="0.06" numOctaves="2" seed="3"/><feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0.12 0 0 0 0"/></filter><pattern id="texture" width="${W}" height="${H}" patternUnits="userSpaceOnUse"><rect width="${W}" height="${H}" filter="url(#plaster)"/></pattern>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<defs>
<linearGradient id="wall" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${layout.wall}"/><stop offset="1" stop-color="${shade(layout.wall, 0.08)}"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dfeefa"/><stop offset="1" stop-color="#f7fbff"/></linearGradient>
<clipPath id="floor"><polygon points="${floorPoints}"/></clipPath>
<clipPath id="walls">${wallClip}</clipPath>
${texture}
</defs>
${parts.join('\n')}
</svg>`;
}

/** Planks: rows that get deeper towards the camera, joints staggered; tiles: rows and lines fanning out. */
function floorLines(layout: RoomLayout): string {
  const { width: W, height: H } = layout;
  const floorY = layout.floor * H;
  const lines: string[] = [];
  let y = floorY;
  let step = 0.025 * H;
  let row = 0;
  while (y < H) {
    lines.push(`<line x1="0" y1="${y.toFixed(1)}" x2="${W}" y2="${y.toFixed(1)}" stroke-width="1.5"/>`);
    const next = y + step;
    if (layout.floorKind === 'planks') {
      const length = 0.22 * W * (1 + (y - floorY) / H);
      for (let x = (row % 3) * length * 0.37; x < W; x += length) {
        lines.push(
          `<line x1="${x.toFixed(1)}" y1="${y.toFixed(1)}" x2="${x.toFixed(1)}" y2="${next.toFixed(1)}" stroke-width="1.2"/>`,
        );
      }
    }
    y = next;
    step *= 1.18;
    row++;
  }
  if (layout.floorKind === 'tiles') {
    const centre = W / 2;
    for (let i = -8; i <= 8; i++) {
      const top = centre + i * 0.09 * W;
      const bottom = centre + i * 0.16 * W;
      lines.push(
        `<line x1="${top.toFixed(1)}" y1="${floorY}" x2="${bottom.toFixed(1)}" y2="${H}" stroke-width="1.5"/>`,
      );
    }
  }
  return lines.join('');
}

function windowSvg(box: Box, W: number, H: number): string {
  const x = box.x * W;
  const y = box.y * H;
  const w = box.w * W;
  const h = box.h * H;
  const frame = Math.max(3, 0.012 * W);
  return `<g>
<rect x="${x - frame}" y="${y - frame}" width="${w + 2 * frame}" height="${h + 2 * frame}" fill="#fbfaf7"/>
<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#glass)"/>
<line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="#fbfaf7" stroke-width="${frame * 0.7}"/>
<line x1="${x}" y1="${y + h * 0.45}" x2="${x + w}" y2="${y + h * 0.45}" stroke="#fbfaf7" stroke-width="${frame * 0.7}"/>
<rect x="${x - frame * 2}" y="${y + h + frame}" width="${w + 4 * frame}" height="${frame * 1.2}" fill="#e7e3dc"/>
</g>`;
}

function doorSvg(door: Box & { colour: string }, W: number, H: number): string {
  const x = door.x * W;
  const y = door.y * H;
  const w = door.w * W;
  const h = door.h * H;
  const frame = Math.max(3, 0.01 * W);
  const inset = w * 0.16;
  const panel = `fill="none" stroke="${shade(door.colour, 0.25)}" stroke-width="${Math.max(1.5, frame * 0.4)}"`;
  return `<g>
<rect x="${x - frame}" y="${y - frame}" width="${w + 2 * frame}" height="${h + frame}" fill="${mix(door.colour, '#ffffff', 0.5)}"/>
<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${door.colour}"/>
<rect x="${x + inset}" y="${y + h * 0.08}" width="${w - 2 * inset}" height="${h * 0.36}" ${panel}/>
<rect x="${x + inset}" y="${y + h * 0.52}" width="${w - 2 * inset}" height="${h * 0.4}" ${panel}/>
<circle cx="${x + w * 0.84}" cy="${y + h * 0.52}" r="${Math.max(2, w * 0.05)}" fill="${shade(door.colour, 0.5)}"/>
</g>`;
}

/** A copy of the layout with its structure changed as a careless engine might. */
function movedLayout(
  layout: RoomLayout,
  kind: 'window-moved' | 'window-resized' | 'door-removed' | 'wall-edge-moved',
  random: Random,
): RoomLayout {
  const sign = random.chance(0.5) ? 1 : -1;
  const windows = layout.windows.map((w) => ({ ...w }));
  switch (kind) {
    case 'window-moved': {
      const w = windows[0]!;
      if (random.chance(0.7)) w.x += sign * random.between(0.02, 0.035);
      else w.y += sign * random.between(0.02, 0.03);
      return { ...layout, windows };
    }
    case 'window-resized': {
      const w = windows[0]!;
      const grow = random.between(1.15, 1.3);
      w.x -= (w.w * (grow - 1)) / 2;
      w.w *= grow;
      w.h *= random.between(1, 1.15);
      return { ...layout, windows };
    }
    case 'door-removed':
      return { ...layout, door: null };
    case 'wall-edge-moved':
      return layout.corner !== null && random.chance(0.7)
        ? { ...layout, corner: layout.corner + sign * random.between(0.025, 0.04) }
        : { ...layout, ceiling: layout.ceiling + random.between(0.02, 0.03) };
  }
}

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

async function decode(jpeg: Buffer): Promise<Raw> {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const encode = ({ data, width, height }: Raw, quality = 88) =>
  sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();

/** Resamples the picture through `source(x, y) → [sx, sy]` (bilinear, borders repeated): rotations, warps, shifts. */
function remap(image: Raw, source: (x: number, y: number) => [number, number]): Raw {
  const { data, width, height } = image;
  const out = Buffer.alloc(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [sx, sy] = source(x, y);
      const cx = Math.min(width - 1.001, Math.max(0, sx));
      const cy = Math.min(height - 1.001, Math.max(0, sy));
      const x0 = Math.floor(cx);
      const y0 = Math.floor(cy);
      const fx = cx - x0;
      const fy = cy - y0;
      const i00 = (y0 * width + x0) * 3;
      const i01 = i00 + width * 3;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const top = data[i00 + c]! * (1 - fx) + data[i00 + 3 + c]! * fx;
        const bottom = data[i01 + c]! * (1 - fx) + data[i01 + 3 + c]! * fx;
        out[o + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return { data: out, width, height };
}

/** Paints the window and its frame over with the wall colour found beside it, grain included, as an inpainting would. */
function repaintWindow(image: Raw, box: Box, random: Random): Raw {
  const { data, width, height } = image;
  const out = Buffer.from(data);
  const margin = 0.03;
  const x0 = Math.max(0, Math.floor((box.x - margin) * width));
  const x1 = Math.min(width, Math.ceil((box.x + box.w + margin) * width));
  const y0 = Math.max(0, Math.floor((box.y - margin) * height));
  const y1 = Math.min(height, Math.ceil((box.y + box.h + margin * 1.5) * height));
  // The wall colour: the median of a strip just above the window.
  const sampleY = Math.max(0, y0 - Math.ceil(0.02 * height));
  const colour = [0, 1, 2].map((c) => {
    const values: number[] = [];
    for (let x = x0; x < x1; x++) values.push(data[(sampleY * width + x) * 3 + c]!);
    values.sort((a, b) => a - b);
    return values[values.length >> 1]!;
  });
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const grain = (random.next() - 0.5) * 8;
      for (let c = 0; c < 3; c++)
        out[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(colour[c]! + grain)));
    }
  }
  return { data: out, width, height };
}

/** A low cabinet standing on the floor, in front of the wall and clear of the door. */
function extraFurniture(layout: RoomLayout, random: Random): Buffer {
  const { width: W, height: H } = layout;
  const w = random.between(0.16, 0.24) * W;
  const h = random.between(0.1, 0.16) * H;
  const door = layout.door;
  let x = random.between(0.05, 0.95) * W - w / 2;
  if (door && x < (door.x + door.w + 0.02) * W && x + w > (door.x - 0.02) * W) {
    x = door.x > 0.5 ? door.x * W - w - 0.04 * W : (door.x + door.w + 0.04) * W;
  }
  x = Math.max(0, Math.min(W - w, x));
  const base = (layout.floor + random.between(0.06, 0.16)) * H;
  const colour = random.pick(['#5b4636', '#d8d2c8', '#2f3b45', '#7d8c6a']);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<ellipse cx="${x + w / 2}" cy="${base}" rx="${w * 0.55}" ry="${h * 0.12}" fill="#000" fill-opacity="0.25"/>
<rect x="${x}" y="${base - h}" width="${w}" height="${h}" rx="4" fill="${colour}"/>
<rect x="${x + w * 0.05}" y="${base - h * 0.85}" width="${w * 0.42}" height="${h * 0.7}" fill="none" stroke="${shade(colour, 0.3)}" stroke-width="2"/>
<rect x="${x + w * 0.53}" y="${base - h * 0.85}" width="${w * 0.42}" height="${h * 0.7}" fill="none" stroke="${shade(colour, 0.3)}" stroke-width="2"/>
</svg>`);
}

/** White over the floor and the bottom of the walls: what an editor's floor mask would allow. */
function floorMask(layout: RoomLayout): Promise<Buffer> {
  const { width: W, height: H } = layout;
  const top = (layout.floor - 0.04) * H;
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#000"/><rect y="${top}" width="${W}" height="${H - top}" fill="#fff"/></svg>`,
    ),
  )
    .greyscale()
    .png()
    .toBuffer();
}

const orderableRooms = ROOM_TYPES.filter((room) => !ROOM_TYPES_COMING_SOON.includes(room));
const orderableStyles = STYLES.filter((style) => !STYLES_COMING_SOON.includes(style));

/**
 * Every kind of case for one room (seed): the staged result, four changes that keep the structure, and
 * eight that move it. Odd seeds stage through a floor mask, even ones stage the whole photo.
 */
export async function structureCases(
  seed: number,
  engine = new BuiltInStagingEngine(),
): Promise<StructureCase[]> {
  const random = seededRandom(seed * 104729 + 7);
  const layout = roomLayout(seed);
  const { width, height } = layout;
  const roomType = random.pick(orderableRooms);
  const style = random.pick(orderableStyles);
  const mayChange = seed % 2 === 1 ? await floorMask(layout) : undefined;
  const stage = async (room: RoomLayout) => {
    const image = await roomPhoto(room, seed);
    const result = await engine.render({
      image,
      width,
      height,
      roomType,
      style,
      seed,
      prompt: stagingPrompt(roomType, style),
      ...(mayChange && { mask: mayChange }),
    });
    return { image, result };
  };
  const { image: original, result } = await stage(layout);
  const staged = await decode(result.image);
  const base = { original, mayChange, added: result.added };
  const cases: StructureCase[] = [];
  const add = (kind: KeptKind | MovedKind, image: Buffer, added = result.added) =>
    cases.push({
      ...base,
      added,
      name: `room ${seed} (${width}×${height}, ${roomType}, ${style}) ${kind}`,
      kind,
      moved: (STRUCTURE_KINDS.moved as readonly string[]).includes(kind),
      result: image,
    });

  add('staged', result.image);
  const warm = random.between(0.06, 0.14) * (random.chance(0.5) ? 1 : -1);
  add(
    'colour-grade',
    await sharp(result.image)
      .recomb([
        [1 + warm, 0.05, 0],
        [0.03, 1, 0.03],
        [0, 0.05, 1 - warm],
      ])
      .modulate({ saturation: random.between(0.7, 1.3) })
      .jpeg({ quality: 88 })
      .toBuffer(),
  );
  add('brighter', await sharp(result.image).linear(1.15, 0).jpeg({ quality: 88 }).toBuffer());
  add('darker', await sharp(result.image).linear(0.85, 0).jpeg({ quality: 88 }).toBuffer());
  add('jpeg-70', await sharp(result.image).jpeg({ quality: 70 }).toBuffer());
  add(
    'extra-furniture',
    await sharp(result.image)
      .composite([{ input: extraFurniture(layout, random) }])
      .jpeg({ quality: 88 })
      .toBuffer(),
  );

  const cx = width / 2;
  const cy = height / 2;
  const angle = (random.between(2, 4) * (random.chance(0.5) ? 1 : -1) * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  add(
    'rotated',
    await encode(
      remap(staged, (x, y) => [cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos]),
    ),
  );
  // Keystone: the top squeezed or stretched against the bottom, as a tilted camera would show it.
  const keystone = random.between(0.04, 0.07) * (random.chance(0.5) ? 1 : -1);
  add(
    'perspective',
    await encode(remap(staged, (x, y) => [cx + (x - cx) * (1 + keystone * (1 - y / height)), y])),
  );
  const along = random.between(0.02, 0.04);
  const [dx, dy] = random.pick([
    [along * width, 0],
    [-along * width, 0],
    [0, along * height],
    [along * width * 0.7, -along * height * 0.7],
  ]);
  add('shifted', await encode(remap(staged, (x, y) => [x - dx!, y - dy!])));
  add('window-repainted', await encode(repaintWindow(staged, layout.windows[0]!, random)));
  for (const kind of ['window-moved', 'window-resized', 'door-removed', 'wall-edge-moved'] as const) {
    const moved = await stage(movedLayout(layout, kind, random));
    add(kind, moved.result.image, moved.result.added);
  }
  return cases;
}
