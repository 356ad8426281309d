import sharp from 'sharp';
import { Client } from 'pg';
import { databaseUrl } from './settings';

/** A room photo made by the test: walls, floor and a window in the given tones (no people). */
export async function roomPhoto(wall: string, floor: string, width = 1200, height = 900): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height * 0.62}" fill="${wall}"/>
    <rect y="${height * 0.62}" width="${width}" height="${height * 0.38}" fill="${floor}"/>
    <rect x="${width * 0.6}" y="${height * 0.14}" width="${width * 0.2}" height="${height * 0.34}" fill="#eef4f8"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

/** A file the browser must refuse for its size alone: JPEG magic bytes, then 3 MB of padding. */
export function threeMegabyteJpeg(): Buffer {
  const bytes = Buffer.alloc(3 * 1024 * 1024, 0x20);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}

/**
 * Gives a customer credits the way a purchase would land in the wallet: the balance and its ledger row
 * in one statement (the shop comes with the billing issue).
 */
export async function grantCredits(email: string, amount: number): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `WITH account AS (SELECT id FROM users WHERE email = lower($1)),
            moved AS (UPDATE wallets SET balance = balance + $2 WHERE user_id = (SELECT id FROM account) RETURNING user_id, balance)
       INSERT INTO ledger_entries (user_id, delta, balance_after, reason, idempotency_key)
       SELECT user_id, $2, balance, 'admin_adjustment', 'e2e:' || gen_random_uuid() FROM moved`,
      [email, amount],
    );
  } finally {
    await client.end();
  }
}

/** The number of files in a zip archive, read from its end-of-central-directory record. */
export function zipEntryCount(zip: Buffer): number {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 65535); at--) {
    if (zip.readUInt32LE(at) === 0x06054b50) return zip.readUInt16LE(at + 10);
  }
  throw new Error('not a zip archive');
}
