import type { RoomType, Style } from '@estancia/contracts';
import sharp from 'sharp';

/**
 * The empty rooms of the inspiration gallery, drawn in code (no photos of anyone's home, nothing
 * binary committed): a one-point perspective box with a ceiling, a back wall and two side walls, a
 * floor whose boards or tiles run to the vanishing point, a window with daylight falling on the
 * floor, skirting and soft corner shadows.
 */
export interface EmptyRoom {
  /** Back wall, top to bottom. */
  wall: [string, string];
  /** Side walls, from the corner outwards (they are in shade). */
  sideWall: [string, string];
  ceiling: string;
  floor: { kind: 'boards' | 'tiles' | 'concrete'; colours: [string, string]; joint: string };
  window: 'wide' | 'pair' | 'arched' | 'factory';
  /** A door on the left wall. */
  door: boolean;
  skirting: string;
}

export interface InspirationRoom {
  id: string;
  roomType: RoomType;
  style: Style;
  /** Fixed, so the gallery is the same every time it is drawn. */
  seed: number;
  room: EmptyRoom;
}

const LIVING: EmptyRoom = {
  wall: ['#f3eee6', '#e2d9cb'],
  sideWall: ['#d8cebf', '#c4b8a6'],
  ceiling: '#f7f4ef',
  floor: { kind: 'boards', colours: ['#b68a5c', '#8a6240'], joint: '#6f4d31' },
  window: 'wide',
  door: true,
  skirting: '#fbf9f5',
};

const BEDROOM: EmptyRoom = {
  wall: ['#e4e9ec', '#cfd7dc'],
  sideWall: ['#c3ccd2', '#aeb8bf'],
  ceiling: '#f4f6f7',
  floor: { kind: 'boards', colours: ['#d2b48f', '#a9885f'], joint: '#8c6d48' },
  window: 'pair',
  door: false,
  skirting: '#ffffff',
};

const DINING: EmptyRoom = {
  wall: ['#fbf8f1', '#ece4d4'],
  sideWall: ['#e0d6c4', '#cfc2ab'],
  ceiling: '#fdfbf7',
  floor: { kind: 'tiles', colours: ['#c0754f', '#9a5636'], joint: '#e8d7c3' },
  window: 'arched',
  door: true,
  skirting: '#b86d49',
};

const LOFT: EmptyRoom = {
  wall: ['#cfcdca', '#b2afab'],
  sideWall: ['#a9a6a1', '#8f8b86'],
  ceiling: '#dedcd8',
  floor: { kind: 'concrete', colours: ['#a7a39d', '#7f7b75'], joint: '#6d6a65' },
  window: 'factory',
  door: false,
  skirting: '#3b3b3b',
};

/** The gallery: four rooms, six decorations (the same room in two styles shows what a style does). */
export const INSPIRATION_ROOMS: readonly InspirationRoom[] = [
  { id: 'livingroom-scandinavian', roomType: 'livingroom', style: 'scandinavian', seed: 11, room: LIVING },
  { id: 'livingroom-classic', roomType: 'livingroom', style: 'classic', seed: 12, room: LIVING },
  { id: 'bedroom-coastal', roomType: 'bedroom', style: 'coastal', seed: 21, room: BEDROOM },
  { id: 'bedroom-bohemian', roomType: 'bedroom', style: 'bohemian', seed: 22, room: BEDROOM },
  { id: 'diningroom-mediterranean', roomType: 'diningroom', style: 'mediterranean', seed: 31, room: DINING },
  { id: 'office-industrial', roomType: 'office', style: 'industrial', seed: 41, room: LOFT },
];

const r = (value: number): string => value.toFixed(1);
const points = (...xy: number[][]): string => xy.map(([x, y]) => `${r(x!)},${r(y!)}`).join(' ');

/** The room as a JPEG of the given size. */
export async function drawRoom(room: EmptyRoom, width = 1200, height = 800): Promise<Buffer> {
  return sharp(Buffer.from(roomSvg(room, width, height)))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export function roomSvg(room: EmptyRoom, W: number, H: number): string {
  // The back wall; the camera stands a little left of centre, so the right wall is narrower.
  const x0 = W * 0.17;
  const x1 = W * 0.87;
  const y0 = H * 0.1;
  const y1 = H * 0.63;
  const vx = (x0 + x1) / 2;
  const vy = y0 + (y1 - y0) * 0.55;
  const leftAt = (y: number) => (x0 * (H - y)) / (H - y1);
  const rightAt = (y: number) => W - ((W - x1) * (H - y)) / (H - y1);

  const floorLines: string[] = [];
  const lines = room.floor.kind === 'boards' ? 26 : 12;
  // Where depth line i (evenly spaced at the front edge) crosses the height y on its way to the vanishing point.
  const lineAt = (i: number, y: number) => vx + ((W * i) / lines - vx) * ((y - vy) / (H - vy));
  if (room.floor.kind !== 'concrete') {
    for (let i = -lines; i <= 2 * lines; i++)
      floorLines.push(`M ${r(lineAt(i, H))} ${r(H)} L ${r(lineAt(i, y1))} ${r(y1)}`);
  }
  if (room.floor.kind === 'tiles') {
    // Joints across: closer together with distance.
    for (let k = 1; k < 9; k++) {
      const y = y1 + (H - y1) * (k / 9) ** 1.8;
      floorLines.push(`M ${r(leftAt(y))} ${r(y)} L ${r(rightAt(y))} ${r(y)}`);
    }
  }
  if (room.floor.kind === 'boards') {
    // Staggered board ends, so it reads as planks and not stripes.
    for (let row = 1; row < 16; row++) {
      const y = y1 + (H - y1) * (row / 16) ** 1.6;
      for (let i = -lines + (row % 3); i < 2 * lines; i += 3)
        floorLines.push(`M ${r(lineAt(i, y))} ${r(y)} L ${r(lineAt(i + 1, y))} ${r(y)}`);
    }
  }

  const window = windowSvg(room.window, x0, x1, y0, y1);
  const light = lightOnFloor(room.window, x0, x1, y1, H, vx, vy);
  const door = room.door
    ? `<polygon points="${points([W * 0.055, H * 0.86], [W * 0.055, H * 0.2], [W * 0.13, H * 0.27], [W * 0.13, H * 0.7])}" fill="${room.skirting}" opacity="0.9"/>
       <polygon points="${points([W * 0.065, H * 0.845], [W * 0.065, H * 0.225], [W * 0.122, H * 0.285], [W * 0.122, H * 0.695])}" fill="${room.sideWall[1]}" opacity="0.55"/>
       <circle cx="${r(W * 0.115)}" cy="${r(H * 0.5)}" r="${r(H * 0.007)}" fill="#8a8a8a"/>`
    : '';
  const skirt = H * 0.018;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${room.wall[0]}"/><stop offset="1" stop-color="${room.wall[1]}"/></linearGradient>
    <linearGradient id="left" x1="1" y1="0" x2="0" y2="0"><stop offset="0" stop-color="${room.sideWall[0]}"/><stop offset="1" stop-color="${room.sideWall[1]}"/></linearGradient>
    <linearGradient id="right" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${room.sideWall[0]}"/><stop offset="1" stop-color="${room.sideWall[1]}"/></linearGradient>
    <linearGradient id="ceiling" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${room.ceiling}"/><stop offset="1" stop-color="${room.sideWall[0]}"/></linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${room.floor.colours[0]}"/><stop offset="1" stop-color="${room.floor.colours[1]}"/></linearGradient>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a9cbe6"/><stop offset="0.7" stop-color="#e4eff7"/><stop offset="1" stop-color="#f6f3e8"/></linearGradient>
    <radialGradient id="corner" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
    <clipPath id="floorArea"><polygon points="${points([0, H], [x0, y1], [x1, y1], [W, H])}"/></clipPath>
    <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${r(H * 0.02)}"/></filter>
  </defs>
  <polygon points="${points([0, 0], [W, 0], [x1, y0], [x0, y0])}" fill="url(#ceiling)"/>
  <polygon points="${points([0, 0], [x0, y0], [x0, y1], [0, H])}" fill="url(#left)"/>
  <polygon points="${points([W, 0], [x1, y0], [x1, y1], [W, H])}" fill="url(#right)"/>
  <rect x="${r(x0)}" y="${r(y0)}" width="${r(x1 - x0)}" height="${r(y1 - y0)}" fill="url(#wall)"/>
  ${window}
  ${door}
  <polygon points="${points([0, H], [x0, y1], [x1, y1], [W, H])}" fill="url(#floor)"/>
  <g clip-path="url(#floorArea)">
    <path d="${floorLines.join(' ')}" stroke="${room.floor.joint}" stroke-width="${r(H * 0.0016)}" stroke-opacity="0.55" fill="none"/>
    ${room.floor.kind === 'concrete' ? `<ellipse cx="${r(W * 0.35)}" cy="${r(H * 0.85)}" rx="${r(W * 0.2)}" ry="${r(H * 0.05)}" fill="#ffffff" opacity="0.07" filter="url(#soft)"/>` : ''}
    ${light}
  </g>
  <rect x="${r(x0)}" y="${r(y1 - skirt)}" width="${r(x1 - x0)}" height="${r(skirt)}" fill="${room.skirting}"/>
  <polygon points="${points([0, H - skirt * 2.4], [x0, y1 - skirt], [x0, y1], [0, H])}" fill="${room.skirting}" opacity="0.85"/>
  <polygon points="${points([W, H - skirt * 2.4], [x1, y1 - skirt], [x1, y1], [W, H])}" fill="${room.skirting}" opacity="0.85"/>
  <rect x="${r(x0 - W * 0.015)}" y="${r(y0)}" width="${r(W * 0.03)}" height="${r(y1 - y0)}" fill="url(#corner)"/>
  <rect x="${r(x1 - W * 0.015)}" y="${r(y0)}" width="${r(W * 0.03)}" height="${r(y1 - y0)}" fill="url(#corner)"/>
</svg>`;
}

function windowSvg(kind: EmptyRoom['window'], x0: number, x1: number, y0: number, y1: number): string {
  const wallW = x1 - x0;
  const wallH = y1 - y0;
  const frame = (x: number, y: number, w: number, h: number, columns: number, rows: number) => {
    const bars: string[] = [];
    for (let c = 1; c < columns; c++) bars.push(`M ${r(x + (w * c) / columns)} ${r(y)} V ${r(y + h)}`);
    for (let k = 1; k < rows; k++) bars.push(`M ${r(x)} ${r(y + (h * k) / rows)} H ${r(x + w)}`);
    const bar = Math.max(2, wallH * 0.012);
    return `<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}" fill="url(#sky)"/>
      <path d="${bars.join(' ')}" stroke="#ffffff" stroke-width="${r(bar)}"/>
      <rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}" fill="none" stroke="#ffffff" stroke-width="${r(bar * 2)}"/>
      <rect x="${r(x - bar * 2)}" y="${r(y + h)}" width="${r(w + bar * 4)}" height="${r(bar * 1.6)}" fill="#ffffff"/>`;
  };
  switch (kind) {
    case 'wide':
      return frame(x0 + wallW * 0.42, y0 + wallH * 0.14, wallW * 0.44, wallH * 0.56, 3, 1);
    case 'pair':
      return (
        frame(x0 + wallW * 0.16, y0 + wallH * 0.1, wallW * 0.16, wallH * 0.7, 2, 3) +
        frame(x0 + wallW * 0.68, y0 + wallH * 0.1, wallW * 0.16, wallH * 0.7, 2, 3)
      );
    case 'arched': {
      const w = wallW * 0.22;
      const x = x0 + wallW * 0.39;
      const top = y0 + wallH * 0.2;
      const bottom = y0 + wallH * 0.78;
      const arch = `M ${r(x)} ${r(bottom)} V ${r(top + w / 2)} A ${r(w / 2)} ${r(w / 2)} 0 0 1 ${r(x + w)} ${r(top + w / 2)} V ${r(bottom)} Z`;
      return `<path d="${arch}" fill="url(#sky)" stroke="#ffffff" stroke-width="${r(wallH * 0.022)}"/>
        <path d="M ${r(x + w / 2)} ${r(top)} V ${r(bottom)}" stroke="#ffffff" stroke-width="${r(wallH * 0.012)}"/>
        <path d="M ${r(x)} ${r(bottom)} H ${r(x + w)}" stroke="#1f5f8b" stroke-width="${r(wallH * 0.02)}"/>`;
    }
    case 'factory':
      return frame(x0 + wallW * 0.08, y0 + wallH * 0.08, wallW * 0.84, wallH * 0.62, 8, 4).replace(
        /stroke="#ffffff"/g,
        'stroke="#2b2b2b"',
      );
  }
}

/** Daylight from the window lying on the floor in front of it, blurred. */
function lightOnFloor(
  kind: EmptyRoom['window'],
  x0: number,
  x1: number,
  y1: number,
  H: number,
  vx: number,
  vy: number,
): string {
  const wallW = x1 - x0;
  const spans: [number, number][] =
    kind === 'wide'
      ? [[0.42, 0.86]]
      : kind === 'pair'
        ? [
            [0.16, 0.32],
            [0.68, 0.84],
          ]
        : kind === 'arched'
          ? [[0.39, 0.61]]
          : [[0.08, 0.92]];
  // From the wall's foot towards the viewer: the back-wall x of each edge projected to the front.
  const toFront = (x: number, y: number) => vx + ((x - vx) * (y - vy)) / (y1 - vy);
  const depth = y1 + (H - y1) * 0.55;
  return spans
    .map(([a, b]) => {
      const left = x0 + wallW * a;
      const right = x0 + wallW * b;
      return `<polygon points="${points([left, y1], [right, y1], [toFront(right, depth) + wallW * 0.05, depth], [toFront(left, depth) + wallW * 0.05, depth])}" fill="#fffbe8" opacity="0.22" filter="url(#soft)"/>`;
    })
    .join('');
}
