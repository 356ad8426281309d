import sharp from 'sharp';

/**
 * The "Estancia" mark: a small house outline and the word, white at low opacity with a soft
 * shadow, in the lower right corner; sized from the image so it reads the same on any resolution.
 */
function markSvg(width: number, height: number): Buffer {
  const size = Math.max(24, Math.round(Math.min(width, height) * 0.06));
  const margin = Math.round(size * 0.6);
  const markWidth = Math.round(size * 5.2);
  const x = width - markWidth - margin;
  const y = height - size - margin;
  const stroke = Math.max(2, Math.round(size / 12));
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><filter id="s"><feDropShadow dx="0" dy="${stroke / 2}" stdDeviation="${stroke}" flood-opacity="0.45"/></filter></defs>
  <g transform="translate(${x} ${y})" filter="url(#s)" opacity="0.55" fill="none" stroke="#ffffff"
     stroke-width="${stroke}" stroke-linejoin="round" stroke-linecap="round">
    <path d="M ${size * 0.1} ${size * 0.5} L ${size * 0.5} ${size * 0.1} L ${size * 0.9} ${size * 0.5}"/>
    <path d="M ${size * 0.22} ${size * 0.42} L ${size * 0.22} ${size * 0.95} L ${size * 0.78} ${size * 0.95} L ${size * 0.78} ${size * 0.42}"/>
    <rect x="${size * 0.42}" y="${size * 0.62}" width="${size * 0.16}" height="${size * 0.33}" fill="#ffffff" stroke="none"/>
    <text x="${size * 1.15}" y="${size * 0.8}" fill="#ffffff" stroke="none"
      font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="${size * 0.78}"
      font-weight="600" letter-spacing="${size * 0.04}">Estancia</text>
  </g>
</svg>`);
}

/** The image with the mark composited on it, as a JPEG of the same size. */
export async function applyWatermark(jpeg: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(jpeg).metadata();
  if (!width || !height) return jpeg;
  return sharp(jpeg)
    .composite([{ input: markSvg(width, height), top: 0, left: 0 }])
    .jpeg({ quality: 90, mozjpeg: true })
    .toBuffer();
}
