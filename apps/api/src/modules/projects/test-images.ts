import { dirname, join } from 'node:path';
import sharp, { type JpegOptions } from 'sharp';

/**
 * Images made at test time (nothing binary is committed): an empty room drawn with gradients, a
 * photo of people cut from the detector package's own sample pictures, and broken or hostile files.
 */

/** An empty room: a lit back wall, a darker side wall and a wooden floor, no people. */
export async function roomJpeg(width = 1200, height = 900, options: JpegOptions = {}): Promise<Buffer> {
  const floorTop = Math.round(height * 0.62);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f1ece2"/><stop offset="1" stop-color="#d9d0c1"/></linearGradient>
      <linearGradient id="side" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#b9b0a2"/><stop offset="1" stop-color="#d5ccbd"/></linearGradient>
      <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a07850"/><stop offset="1" stop-color="#6e4e30"/></linearGradient>
    </defs>
    <rect width="${width}" height="${floorTop}" fill="url(#wall)"/>
    <polygon points="0,0 ${width * 0.18},${height * 0.08} ${width * 0.18},${floorTop} 0,${height}" fill="url(#side)"/>
    <polygon points="0,${height} ${width * 0.18},${floorTop} ${width},${floorTop} ${width},${height}" fill="url(#floor)"/>
    <rect x="${width * 0.55}" y="${height * 0.15}" width="${width * 0.25}" height="${height * 0.3}" fill="#cfe3f0" stroke="#ffffff" stroke-width="12"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg(options).toBuffer();
}

/** The detector package's sample sheet of portraits (ships with @vladmandic/human). */
export const humanSamplesPath = (): string =>
  join(dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'screenshot-facedetect.jpg');

/** A photo with people in it, scaled to fit the upload limits. */
export async function peopleJpeg(side = 1000): Promise<Buffer> {
  return sharp(humanSamplesPath()).resize(side, side, { fit: 'inside' }).jpeg({ quality: 85 }).toBuffer();
}

/** One person: the man's portrait at the lower left of the 800×718 sample sheet, scaled up. */
export async function onePersonJpeg(side = 800): Promise<Buffer> {
  return sharp(humanSamplesPath())
    .extract({ left: 5, top: 345, width: 155, height: 155 })
    .resize(side, side)
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A PNG whose header claims width × height but carries almost no data: a decompression bomb. */
export function pngBombHeader(width = 100_000, height = 100_000): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The GPS IFD pointer tag (0x8825) as it appears in little-endian EXIF. */
export const GPS_TAG = Buffer.from([0x25, 0x88]);

/** A JPEG with EXIF orientation 6 (shown rotated 90°) and a GPS position, as phones write them. */
export async function phoneJpeg(width = 800, height = 600): Promise<Buffer> {
  return sharp(await roomJpeg(width, height))
    .withExif({
      IFD0: { Make: 'EstanciaPhone', Model: 'Test' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '41/1 23/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 10/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}
