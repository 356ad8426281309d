import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { AppError } from '../http/app-error';
import { LocalDiskStorage } from './local-disk.storage';
import { isSafeKey } from './storage.port';

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('LocalDiskStorage', () => {
  let parent: string;
  let root: string;
  let storage: LocalDiskStorage;

  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), 'estancia-storage-'));
    root = join(parent, 'root');
    storage = new LocalDiskStorage(root);
  });
  afterEach(() => rm(parent, { recursive: true, force: true }));

  it('stores, reads, streams, sizes and deletes a file', async () => {
    await storage.put('projects/p1/original.jpg', Buffer.from('hello'));
    expect((await storage.get('projects/p1/original.jpg')).toString()).toBe('hello');
    expect(await readAll(await storage.stream('projects/p1/original.jpg'))).toBe('hello');
    expect(await storage.size('projects/p1/original.jpg')).toBe(5);
    expect(await storage.exists('projects/p1/original.jpg')).toBe(true);
    await storage.delete('projects/p1/original.jpg');
    expect(await storage.exists('projects/p1/original.jpg')).toBe(false);
  });

  it('stores a stream and replaces an existing file whole, leaving no temporary files', async () => {
    await storage.put('a/b.txt', Buffer.from('first version'));
    await storage.put('a/b.txt', Readable.from([Buffer.from('sec'), Buffer.from('ond')]));
    expect((await storage.get('a/b.txt')).toString()).toBe('second');
    expect(await readdir(join(root, 'a'))).toEqual(['b.txt']);
  });

  it('deletes everything under a prefix and nothing beside it', async () => {
    await storage.put('projects/p1/a.jpg', Buffer.from('1'));
    await storage.put('projects/p1/thumbs/a.jpg', Buffer.from('2'));
    await storage.put('projects/p10/a.jpg', Buffer.from('3'));
    await storage.deletePrefix('projects/p1/');
    expect(await storage.exists('projects/p1/a.jpg')).toBe(false);
    expect(await storage.exists('projects/p1/thumbs/a.jpg')).toBe(false);
    expect(await storage.exists('projects/p10/a.jpg')).toBe(true);
  });

  it('answers NOT_FOUND for a missing key and false for a directory', async () => {
    await storage.put('dir/file', Buffer.from('x'));
    await expect(storage.get('missing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(storage.stream('missing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(storage.size('dir')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await storage.exists('dir')).toBe(false);
  });

  it.each([
    '../escape.txt',
    'a/../../escape.txt',
    '/etc/passwd',
    'a/./b',
    'a//b',
    '..',
    '.',
    '',
    'a\\..\\b',
    'ä/b',
    '/',
  ])('refuses the unsafe key %j without touching the disk', async (key) => {
    expect(isSafeKey(key)).toBe(false);
    await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(AppError);
    await expect(storage.get(key)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(storage.deletePrefix(key)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await readdir(parent)).toEqual([]);
  });

  it('refuses a key with a trailing slash for a file, and never deletes the whole root', async () => {
    await expect(storage.put('a/b/', Buffer.from('x'))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await storage.put('keep.txt', Buffer.from('x'));
    await expect(storage.deletePrefix('/')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await storage.exists('keep.txt')).toBe(true);
  });

  it('accepts ordinary keys with dots inside names', () => {
    expect(isSafeKey('projects/7f3a/decorations/v1.render.webp')).toBe(true);
    expect(isSafeKey('.hidden')).toBe(false);
  });
});
