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
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** True for keys made of safe segments: no empty, `.` or `..` segment, no leading slash, no backslash. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..');
}
