import sharp from 'sharp';
import { seededRandom, shade, tint } from './assets/svg';

/**
 * Generated rooms with an exact label per pixel (back wall, side walls, floor, windows, doors, furniture,
 * rug): empty, partly furnished or furnished, for the built-in engine's specs and for looking at drafts.
 * The same shapes are drawn twice: once as the photo, once in flat label colours without antialiasing.
 */

export const LABEL = {
  ceiling: 1,
  wall: 2,
  sideWall: 3,
  floor: 4,
  window: 5,
  door: 6,
  furniture: 7,
  rug: 8,
} as const;
export type Label = (typeof LABEL)[keyof typeof LABEL];

export type Furnishing = 'empty' | 'partly' | 'bedroom' | 'living';

export interface FurnishedRoomPlan {
  width: number;
  height: number;
  furnishing: Furnishing;
  /** Where each side wall meets the back wall, share of the width; null for none. */
  leftCorner: number | null;
  rightCorner: number | null;
  /** A bright white wall: the glass is hardly brighter than the plaster. */
  whiteWall?: boolean;
  seed: number;
}

export interface FurnishedRoom {
  image: Buffer;
  width: number;
  height: number;
  /** One label per pixel, rows from the top. */
  labels: Uint8Array;
  floorLine: number;
  /** The side walls' floor edges: the row where the floor starts, per column (the floor line on the back wall). */
  floorTop: Int32Array;
}

const LABEL_COLOURS: Record<Label, string> = {
  1: '#010101',
  2: '#020202',
  3: '#030303',
  4: '#040404',
  5: '#050505',
  6: '#060606',
  7: '#070707',
  8: '#080808',
};

interface Shape {
  label: Label;
  /** SVG element without its fill. */
  body: string;
  fill: string;
}

export async function furnishedRoom(plan: FurnishedRoomPlan): Promise<FurnishedRoom> {
  const { width: W, height: H } = plan;
  const random = seededRandom(plan.seed * 977 + 5);
  const wall = plan.whiteWall ? '#efeae3' : random.pick(['#d9d2c6', '#cfd6d8', '#e2d6c3', '#d4d9c7']);
  const floor = random.pick(['#9c7a55', '#7a5a3c', '#b58f64', '#8f8a84']);
  const ceilingY = 0.08 * H;
  const floorY = Math.round(random.between(0.6, 0.66) * H);
  const left = plan.leftCorner === null ? 0 : plan.leftCorner * W;
  const right = plan.rightCorner === null ? W : plan.rightCorner * W;
  const sideDrop = 0.22 * H;
  const shapes: Shape[] = [];
  const add = (label: Label, fill: string, body: string) => shapes.push({ label, fill, body });
  const poly = (points: number[][]) => `<polygon points="${points.map((p) => p.join(',')).join(' ')}"/>`;
  const rect = (x: number, y: number, w: number, h: number) =>
    `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}"/>`;

  add(LABEL.ceiling, tint(wall, 0.5), rect(0, 0, W, H));
  add(LABEL.wall, wall, rect(left, ceilingY, right - left, floorY - ceilingY));
  const floorOutline = poly([
    [0, plan.leftCorner === null ? floorY : floorY + sideDrop],
    [left, floorY],
    [right, floorY],
    [W, plan.rightCorner === null ? floorY : floorY + sideDrop],
    [W, H],
    [0, H],
  ]);
  add(LABEL.floor, floor, floorOutline);
  if (plan.leftCorner !== null)
    add(
      LABEL.sideWall,
      shade(wall, 0.14),
      poly([
        [0, 0],
        [left, ceilingY],
        [left, floorY],
        [0, floorY + sideDrop],
      ]),
    );
  if (plan.rightCorner !== null)
    add(
      LABEL.sideWall,
      shade(wall, 0.1),
      poly([
        [W, 0],
        [right, ceilingY],
        [right, floorY],
        [W, floorY + sideDrop],
      ]),
    );

  // Floor boards: darker stripes across the floor (part of the floor's label), drawn after the side walls.
  const boards: Shape[] = [];
  for (let y = floorY + 0.03 * H, step = 0.03 * H; y < H; y += step, step *= 1.2)
    boards.push({
      label: LABEL.floor,
      fill: shade(floor, 0.25),
      body: rect(0, y, W, Math.max(1.5, H * 0.003)),
    });
  shapes.push(...boards.map((b) => ({ ...b, body: `<g clip-path="url(#floor)">${b.body}</g>` })));
  const span = right - left;
  // A window on one side of the back wall, a door on the other.
  const windowOnLeft = random.chance(0.5);
  const windowW = span * random.between(0.2, 0.26);
  const windowX = windowOnLeft ? left + span * 0.08 : right - span * 0.08 - windowW;
  const windowY = ceilingY + H * random.between(0.06, 0.1);
  const windowH = H * 0.3;
  const frame = Math.max(3, W * 0.01);
  add(
    LABEL.window,
    '#fbfaf7',
    rect(windowX - frame, windowY - frame, windowW + 2 * frame, windowH + 2 * frame),
  );
  add(LABEL.window, '#e3eff8', rect(windowX, windowY, windowW, windowH));
  add(LABEL.window, '#fbfaf7', rect(windowX + windowW / 2 - frame / 3, windowY, frame * 0.7, windowH));
  const doorW = span * 0.12;
  const doorX = windowOnLeft ? right - span * 0.06 - doorW : left + span * 0.06;
  const doorY = floorY - H * 0.42;
  add(
    LABEL.door,
    tint(wall, 0.6),
    rect(doorX - frame, doorY - frame, doorW + 2 * frame, floorY - doorY + frame),
  );
  add(LABEL.door, random.pick(['#7b5b3f', '#5d4a3a', '#a7b1b8']), rect(doorX, doorY, doorW, floorY - doorY));

  // Furniture stands between the window and the door, against the back wall and on the floor.
  const freeLeft = windowOnLeft ? windowX + windowW + frame : doorX + doorW + frame;
  const freeRight = windowOnLeft ? doorX - frame : windowX - frame;
  const middle = (freeLeft + freeRight) / 2;
  const fabric = random.pick(['#6f747b', '#7c2e2e', '#3f5f7a', '#a58461']);
  const wood = random.pick(['#5b4636', '#8b5a2b', '#c8ab86']);
  const rugColour = random.pick(['#b04a3a', '#2f4858', '#d8c9a0']);
  if (plan.furnishing === 'bedroom') {
    const bedW = W * 0.34;
    const bx = middle - bedW / 2;
    add(
      LABEL.rug,
      rugColour,
      poly([
        [bx - W * 0.08, floorY + H * 0.2],
        [bx + bedW + W * 0.08, floorY + H * 0.2],
        [bx + bedW + W * 0.14, H * 0.97],
        [bx - W * 0.14, H * 0.97],
      ]),
    );
    add(LABEL.furniture, wood, rect(bx, floorY - H * 0.16, bedW, H * 0.16 + 4));
    add(
      LABEL.furniture,
      '#eeeae4',
      poly([
        [bx, floorY],
        [bx + bedW, floorY],
        [bx + bedW + W * 0.05, floorY + H * 0.22],
        [bx - W * 0.05, floorY + H * 0.22],
      ]),
    );
    add(
      LABEL.furniture,
      fabric,
      poly([
        [bx - W * 0.02, floorY + H * 0.09],
        [bx + bedW + W * 0.02, floorY + H * 0.09],
        [bx + bedW + W * 0.05, floorY + H * 0.22],
        [bx - W * 0.05, floorY + H * 0.22],
      ]),
    );
    for (const x of [bx - W * 0.09, bx + bedW + W * 0.015]) {
      add(LABEL.furniture, wood, rect(x, floorY - H * 0.06, W * 0.075, H * 0.09));
      add(LABEL.furniture, '#e9dcc0', rect(x + W * 0.02, floorY - H * 0.13, W * 0.035, H * 0.07));
    }
  } else if (plan.furnishing === 'living' || plan.furnishing === 'partly') {
    const sofaW = plan.furnishing === 'living' ? W * 0.36 : W * 0.24;
    const sx = plan.furnishing === 'living' ? middle - sofaW / 2 : freeLeft + W * 0.01;
    add(LABEL.furniture, fabric, rect(sx, floorY - H * 0.1, sofaW, H * 0.1 + H * 0.05));
    add(
      LABEL.furniture,
      shade(fabric, 0.2),
      rect(sx - W * 0.015, floorY - H * 0.05, sofaW + W * 0.03, H * 0.12),
    );
    if (plan.furnishing === 'living') {
      add(
        LABEL.rug,
        rugColour,
        poly([
          [sx, floorY + H * 0.12],
          [sx + sofaW, floorY + H * 0.12],
          [sx + sofaW + W * 0.06, floorY + H * 0.3],
          [sx - W * 0.06, floorY + H * 0.3],
        ]),
      );
      add(LABEL.furniture, wood, rect(middle - W * 0.09, floorY + H * 0.15, W * 0.18, H * 0.07));
      add(LABEL.furniture, shade(fabric, 0.1), rect(W * 0.72, floorY + H * 0.14, W * 0.16, H * 0.2));
    }
  }

  const svg = (flat: boolean) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"${flat ? ' shape-rendering="crispEdges"' : ''}>${shapes
      .map((s) => s.body.replace('/>', ` fill="${flat ? LABEL_COLOURS[s.label] : s.fill}"/>`))
      .join('')}<defs><clipPath id="floor">${floorOutline}</clipPath></defs></svg>`;
  const photo = await sharp(Buffer.from(svg(false)))
    .removeAlpha()
    .raw()
    .toBuffer();
  // Grain, seeded: the same photo every time.
  const grain = seededRandom(plan.seed);
  for (let i = 0; i < photo.length; i++)
    photo[i] = Math.max(0, Math.min(255, Math.round(photo[i]! + (grain.next() + grain.next() - 1) * 10)));
  const image = await sharp(photo, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const labels = await sharp(Buffer.from(svg(true)))
    .removeAlpha()
    .extractChannel(0)
    .raw()
    .toBuffer();

  const floorTop = new Int32Array(W);
  for (let x = 0; x < W; x++) {
    let y = floorY;
    if (x < left) y = floorY + (sideDrop * (left - x)) / left;
    else if (x >= right) y = floorY + (sideDrop * (x - right)) / (W - right);
    floorTop[x] = Math.round(y);
  }
  return { image, width: W, height: H, labels: new Uint8Array(labels), floorLine: floorY, floorTop };
}
