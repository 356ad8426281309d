import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@estancia/contracts';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import { isSafeKey } from '../../infra/storage/storage.port';

/**
 * Expiries are rounded up to this step, so the same image keeps the same URL for a while and the
 * browser cache can reuse it across page loads.
 */
const EXPIRY_STEP_SECONDS = 300;

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  zip: 'application/zip',
};

export interface MediaGrant {
  key: string;
  /** Unix seconds. */
  expiresAt: number;
  contentType: string;
  /** Set for a download link: the file is served as an attachment under this name. */
  downloadAs?: MediaDownloadName;
}

/** The name a download link saves its file under: ASCII for `filename`, UTF-8 for `filename*`. */
export interface MediaDownloadName {
  ascii: string;
  utf8: string;
}

/**
 * Signed, expiring links to stored files (`/data/media/<token>`): the token carries the storage key
 * and its expiry, sealed with an HMAC keyed from JWT_SECRET, so whoever holds the link may read that
 * one file until it expires, and nothing else. Links are only handed to the file's owner.
 */
@Injectable()
export class MediaUrls {
  private readonly secret: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // A key of its own (derived), so a media token can never pass for a session token or the reverse.
    this.secret = createHmac('sha256', config.JWT_SECRET).update('estancia:media-urls').digest();
  }

  sign(storageKey: string, ttlSeconds = 3600, now = Date.now()): string {
    return this.link(storageKey, ttlSeconds, now);
  }

  /** A link that downloads the file under `name` (sealed in the token, so nobody can rename it). */
  signDownload(storageKey: string, name: MediaDownloadName, ttlSeconds = 3600, now = Date.now()): string {
    return this.link(storageKey, ttlSeconds, now, name);
  }

  /** The file a token grants, or NOT_FOUND when it is malformed, tampered with or expired. */
  verify(token: string, now = Date.now()): MediaGrant {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) throw new AppError(ErrorCode.NOT_FOUND);
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError(ErrorCode.NOT_FOUND);
    const [key, expiry, name, rest] = Buffer.from(payload, 'base64url').toString().split('\n');
    const expiresAt = Number(expiry);
    if (rest !== undefined || !key || !isSafeKey(key) || !Number.isSafeInteger(expiresAt)) {
      throw new AppError(ErrorCode.NOT_FOUND);
    }
    if (expiresAt * 1000 <= now) throw new AppError(ErrorCode.NOT_FOUND);
    const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
    const grant: MediaGrant = {
      key,
      expiresAt,
      contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
    };
    if (name !== undefined) grant.downloadAs = parseName(name);
    return grant;
  }

  private link(storageKey: string, ttlSeconds: number, now: number, name?: MediaDownloadName): string {
    const expiresAt = Math.ceil((now / 1000 + ttlSeconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    const lines = [storageKey, String(expiresAt), ...(name ? [JSON.stringify([name.ascii, name.utf8])] : [])];
    const payload = Buffer.from(lines.join('\n')).toString('base64url');
    return `/data/media/${payload}.${this.mac(payload)}`;
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }
}

/** The sealed name of a download link (the MAC already vouches for it; this only checks its shape). */
function parseName(line: string): MediaDownloadName {
  try {
    const parsed: unknown = JSON.parse(line);
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((p) => typeof p === 'string' && p))
      return { ascii: parsed[0] as string, utf8: parsed[1] as string };
  } catch {
    // falls through to NOT_FOUND
  }
  throw new AppError(ErrorCode.NOT_FOUND);
}
