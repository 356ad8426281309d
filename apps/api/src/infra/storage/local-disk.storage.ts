import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ErrorCode } from '@estancia/contracts';
import { AppError } from '../http/app-error';
import { isSafeKey, Storage } from './storage.port';

/** Files under one directory (STORAGE_DIR). Writes go to a temporary name first, so readers never see half a file. */
export class LocalDiskStorage extends Storage {
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  async put(key: string, body: Buffer | Readable): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.partial`;
    try {
      if (Buffer.isBuffer(body)) await writeFile(temporary, body);
      else await pipeline(body, createWriteStream(temporary));
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer> {
    return readFile(this.path(key)).catch(notFound);
  }

  async stream(key: string): Promise<Readable> {
    const path = this.path(key);
    await stat(path).catch(notFound);
    return createReadStream(path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    // Retries: a render still writing into the folder makes one pass meet ENOTEMPTY (a project deleted mid-render).
    await rm(this.path(prefix.replace(/\/+$/, '')), {
      recursive: true,
      force: true,
      maxRetries: 5,
      retryDelay: 50,
    });
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.path(key)).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  async size(key: string): Promise<number> {
    const s = await stat(this.path(key)).catch(notFound);
    if (!s.isFile()) throw new AppError(ErrorCode.NOT_FOUND);
    return s.size;
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  /** Refuses unsafe keys, then checks once more that the resolved path stays inside the root. */
  private path(key: string): string {
    if (!isSafeKey(key)) throw new AppError(ErrorCode.VALIDATION_FAILED, { key: 'invalid' });
    const path = join(this.root, key);
    const inside = relative(this.root, path);
    if (inside.startsWith('..') || inside.startsWith(sep) || inside === '') {
      throw new AppError(ErrorCode.VALIDATION_FAILED, { key: 'invalid' });
    }
    return path;
  }
}

function notFound(error: NodeJS.ErrnoException): never {
  if (error.code === 'ENOENT' || error.code === 'EISDIR') throw new AppError(ErrorCode.NOT_FOUND);
  throw error;
}
