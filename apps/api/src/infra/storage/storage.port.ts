import type { Readable } from 'node:stream';

/**
 * Where files live (uploads, renders, thumbnails), addressed by keys like `projects/<id>/original.jpg`.
 * Adapters: local directory (embedded default) and S3-compatible object storage (STORAGE_DRIVER). Keys are slash-separated
 * segments of letters, digits, `.`, `_` and `-`; anything else is refused, so a key never escapes.
 */
export abstract class Storage {
  abstract put(key: string, body: Buffer | Readable): Promise<void>;
  /** Missing keys throw `AppError(NOT_FOUND)`. */
  abstract get(key: string): Promise<Buffer>;
  abstract stream(key: string): Promise<Readable>;
  abstract delete(key: string): Promise<void>;
  /** Removes every key under `prefix/`, e.g. everything of a project. */
  abstract deletePrefix(prefix: string): Promise<void>;
  abstract exists(key: string): Promise<boolean>;
  /** Size in bytes; missing keys throw `AppError(NOT_FOUND)`. */
  abstract size(key: string): Promise<number>;
  /** Resolves when the store answers (readiness); throws when it is unreachable. */
  abstract check(): Promise<void>;
  /**
   * A short-lived URL a browser can fetch the file from directly, without going through the API.
   * Only stores that sign links have it (S3); the local directory has none, so callers stream instead.
   */
  presignedUrl?(key: string, options: PresignOptions): Promise<string>;
}

/** How a presigned link answers: the store sends these headers instead of the object's own. */
export interface PresignOptions {
  /** Seconds the link stays valid. */
  expiresIn: number;
  contentType: string;
  /** E.g. `attachment; filename="..."` for a download link; unset: shown inline. */
  contentDisposition?: string;
  cacheControl?: string;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** True for keys made of safe segments: no empty, `.` or `..` segment, no leading slash, no backslash. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..');
}
