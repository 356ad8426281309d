import sharp from 'sharp';
import { seededRandom } from './assets/svg';
import type { Rect } from './room-analysis';

/**
 * Drawn empty rooms with their windows and door at known places, for the room analysis and built-in
 * renderer specs and for looking at renders by eye.
 */

/** A rectangle as shares of the photo's width and height. */
export interface Share {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface DrawnRoomPlan {
  width: number;
  height: number;
  /** Where the floor meets the back wall, share of the height. */
  floor: number;
  /** Where the ceiling meets the back wall (share of the height); 0 for none in view. */
  ceiling?: number;
  /** Where a left side wall meets the back wall, share of the width; none by default. */
  corner?: number;
  windows?: Share[];
  /** Its top and sides; it stands on the floor line. */
  door?: { x: number; y: number; w: number; colour?: string };
  wall?: string;
  floorKind?: 'planks' | 'tiles';
  floorColour?: string;
  /** Gaussian noise sigma per channel, for a photo's grain. */
  grain?: number;
}

export interface DrawnRoom {
  image: Buffer;
  width: number;
  height: number;
  floorLine: number;
  /** Glass and frame of each window, in pixels. */
  windows: Rect[];
  /** Door leaf and frame, in pixels. */
  doors: Rect[];
}

const FRAME = '#f6f4ef';

export async function drawnRoom(plan: DrawnRoomPlan): Promise<DrawnRoom> {
  const { width: W, height: H } = plan;
  const floorY = plan.floor * H;
  const wall = plan.wall ?? '#d8d2c8';
  const floorColour = plan.floorColour ?? '#8d7560';
  const frame = Math.max(3, Math.round(W * 0.008));
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="${wall}"/>`];
  if (plan.ceiling) parts.push(`<rect width="${W}" height="${plan.ceiling * H}" fill="#f1efeb"/>`);
  if (plan.corner) {
    const cx = plan.corner * W;
    parts.push(
      `<polygon points="0,0 ${cx},${(plan.ceiling ?? 0) * H} ${cx},${floorY} 0,${H * 0.9}" fill="#bdb6ab"/>`,
    );
  }

  const windows = (plan.windows ?? []).map((s): Rect => {
    const r = { left: s.x * W, top: s.y * H, right: (s.x + s.w) * W, bottom: (s.y + s.h) * H };
    const mid = (r.left + r.right) / 2;
    parts.push(
      `<rect x="${r.left}" y="${r.top}" width="${r.right - r.left}" height="${r.bottom - r.top}" fill="${FRAME}"/>`,
      `<rect x="${r.left + frame}" y="${r.top + frame}" width="${r.right - r.left - 2 * frame}" height="${r.bottom - r.top - 2 * frame}" fill="url(#sky)"/>`,
      `<rect x="${mid - frame / 2}" y="${r.top}" width="${frame}" height="${r.bottom - r.top}" fill="${FRAME}"/>`,
    );
    return roundRect(r);
  });

  const doors: Rect[] = [];
  if (plan.door) {
    const d = plan.door;
    const r = { left: d.x * W, top: d.y * H, right: (d.x + d.w) * W, bottom: floorY };
    const leaf = d.colour ?? '#7b5b3f';
    parts.push(
      `<rect x="${r.left}" y="${r.top}" width="${r.right - r.left}" height="${r.bottom - r.top}" fill="${FRAME}"/>`,
      `<rect x="${r.left + frame}" y="${r.top + frame}" width="${r.right - r.left - 2 * frame}" height="${r.bottom - r.top - frame}" fill="${leaf}"/>`,
      `<circle cx="${r.right - 3 * frame}" cy="${(r.top + r.bottom) / 2 + H * 0.03}" r="${frame * 0.8}" fill="#c9c2b4"/>`,
    );
    doors.push(roundRect(r));
  }

  // Skirting board along the back wall, broken by the door.
  const skirting = H * 0.012;
  const cornerX = (plan.corner ?? 0) * W;
  parts.push(
    `<rect x="${cornerX}" y="${floorY - skirting}" width="${W - cornerX}" height="${skirting}" fill="#efece6"/>`,
  );
  if (plan.door)
    parts.push(
      `<rect x="${doors[0]!.left + frame}" y="${floorY - skirting}" width="${doors[0]!.right - doors[0]!.left - 2 * frame}" height="${skirting}" fill="${plan.door.colour ?? '#7b5b3f'}"/>`,
    );

  const sideFloor = plan.corner ? `0,${H * 0.9} ` : `0,${floorY} `;
  const floorShape = `points="${sideFloor}${cornerX},${floorY} ${W},${floorY} ${W},${H} 0,${H}"`;
  parts.push(
    `<clipPath id="floor"><polygon ${floorShape}/></clipPath><polygon ${floorShape} fill="${floorColour}"/>`,
  );
  const pattern: string[] = [];
  if ((plan.floorKind ?? 'planks') === 'planks') {
    // Boards converging towards the vanishing point, alternating tones.
    const boards = 14;
    for (let i = 0; i < boards; i += 2) {
      const at = (k: number, y: number) =>
        W / 2 + (k / boards - 0.5) * W * (1 + 1.6 * ((y - floorY) / (H - floorY)));
      pattern.push(
        `<polygon points="${at(i, floorY)},${floorY} ${at(i + 1, floorY)},${floorY} ${at(i + 1, H)},${H} ${at(i, H)},${H}" fill="#000" opacity="0.16"/>`,
      );
    }
  } else {
    const rows = 6;
    const columns = 10;
    for (let r = 0; r < rows; r++)
      for (let c = r % 2; c < columns; c += 2) {
        const y0 = floorY + ((H - floorY) * r) / rows;
        const y1 = floorY + ((H - floorY) * (r + 1)) / rows;
        pattern.push(
          `<rect x="${(W * c) / columns}" y="${y0}" width="${W / columns}" height="${y1 - y0}" fill="#fff" opacity="0.22"/>`,
        );
      }
  }

  parts.push(`<g clip-path="url(#floor)">${pattern.join('')}</g>`);

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7fafd"/><stop offset="1" stop-color="#eaf1f7"/></linearGradient></defs>
${parts.join('\n')}</svg>`;
  let photo = sharp(Buffer.from(svg)).removeAlpha();
  if (plan.grain) {
    // A seeded tile of grain around mid grey, laid with soft light (neutral at mid grey): the same photo every time.
    const size = 128;
    const random = seededRandom(W * 31 + H);
    const tile = Buffer.alloc(size * size * 3);
    for (let i = 0; i < tile.length; i++)
      tile[i] = Math.round(128 + (random.next() + random.next() + random.next() - 1.5) * 4 * plan.grain);
    photo = sharp(await photo.raw().toBuffer(), { raw: { width: W, height: H, channels: 3 } }).composite([
      { input: tile, raw: { width: size, height: size, channels: 3 }, tile: true, blend: 'soft-light' },
    ]);
  }
  const image = await photo.jpeg({ quality: 90 }).toBuffer();
  return { image, width: W, height: H, floorLine: Math.round(floorY), windows, doors };
}

function roundRect(r: Rect): Rect {
  return {
    left: Math.round(r.left),
    top: Math.round(r.top),
    right: Math.round(r.right),
    bottom: Math.round(r.bottom),
  };
}

/** The rooms the specs and the preview renders use: a window and a door in several places, and a bare room. */
export const ROOM_PLANS = {
  windowRightDoorLeft: {
    width: 1600,
    height: 1200,
    floor: 0.62,
    windows: [{ x: 0.58, y: 0.14, w: 0.22, h: 0.3 }],
    door: { x: 0.1, y: 0.2, w: 0.12 },
  },
  windowLeftDoorRight: {
    width: 1600,
    height: 1200,
    floor: 0.58,
    ceiling: 0.08,
    corner: 0.08,
    windows: [{ x: 0.2, y: 0.18, w: 0.26, h: 0.26 }],
    door: { x: 0.74, y: 0.16, w: 0.11, colour: '#f2efe9' },
    floorKind: 'tiles',
    floorColour: '#a39d94',
    grain: 6,
  },
  twoWindowsDoorCentre: {
    width: 1600,
    height: 1200,
    floor: 0.65,
    windows: [
      { x: 0.06, y: 0.16, w: 0.16, h: 0.32 },
      { x: 0.76, y: 0.16, w: 0.16, h: 0.32 },
    ],
    door: { x: 0.44, y: 0.22, w: 0.12, colour: '#5d4a3a' },
    wall: '#cfd6d8',
    floorColour: '#b58f64',
  },
  bare: {
    width: 1600,
    height: 1200,
    floor: 0.6,
    ceiling: 0.06,
    corner: 0.12,
    grain: 6,
  },
} satisfies Record<string, DrawnRoomPlan>;
