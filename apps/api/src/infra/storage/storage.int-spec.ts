import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { startS3Server, type S3Server } from '../../../test/s3-server';
import { AppError } from '../http/app-error';
import { LocalDiskStorage } from './local-disk.storage';
import { presignedOrigin, S3Storage, type S3StorageOptions } from './s3.storage';
import { isSafeKey, type Storage } from './storage.port';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** One adapter under test, and a way to see every key it holds without going through it. */
interface Subject {
  storage: Storage;
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

async function localSubject(): Promise<Subject & { parent: string; root: string }> {
  const parent = await mkdtemp(join(tmpdir(), 'estancia-storage-'));
  const root = join(parent, 'root');
  return {
    parent,
    root,
    storage: new LocalDiskStorage(root),
    keys: async () =>
      (await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []))
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
        .sort(),
    stop: () => rm(parent, { recursive: true, force: true }),
  };
}

function s3Client(server: S3Server): S3Client {
  return new S3Client({
    region: 'us-east-1',
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
  });
}

function s3Storage(server: S3Server, extra: { publicEndpoint?: string } = {}): S3Storage {
  return new S3Storage({
    bucket: server.bucket,
    region: 'us-east-1',
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    ...extra,
  });
}

async function s3Subject(): Promise<Subject & { server: S3Server; storage: S3Storage }> {
  const server = await startS3Server();
  const client = s3Client(server);
  return {
    server,
    storage: s3Storage(server),
    keys: async () => {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: server.bucket, ContinuationToken }),
        );
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    stop: async () => {
      client.destroy();
      await server.stop();
    },
  };
}

const UNSAFE_KEYS = [
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
];

/** The contract every adapter keeps: the product behaves the same on the local disk and on S3. */
describe.each([
  { adapter: 'LocalDiskStorage', start: localSubject },
  { adapter: 'S3Storage on s3rver', start: s3Subject },
])('Storage contract: $adapter', ({ start }) => {
  let subject: Subject;
  let storage: Storage;

  beforeEach(async () => {
    subject = await start();
    storage = subject.storage;
  });
  afterEach(() => subject.stop());

  it('stores, reads, streams, sizes and deletes a file', async () => {
    await storage.put('projects/p1/original.jpg', Buffer.from('hello'));
    expect((await storage.get('projects/p1/original.jpg')).toString()).toBe('hello');
    expect((await readAll(await storage.stream('projects/p1/original.jpg'))).toString()).toBe('hello');
    expect(await storage.size('projects/p1/original.jpg')).toBe(5);
    expect(await storage.exists('projects/p1/original.jpg')).toBe(true);
    await storage.delete('projects/p1/original.jpg');
    expect(await storage.exists('projects/p1/original.jpg')).toBe(false);
    expect(await subject.keys()).toEqual([]);
    // Deleting what is not there is not an error.
    await storage.delete('projects/p1/original.jpg');
  });

  it('keeps binary files byte for byte, streamed in chunks', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    await storage.put('projects/p1/big.jpg', bytes);
    expect(await storage.size('projects/p1/big.jpg')).toBe(bytes.length);
    expect((await readAll(await storage.stream('projects/p1/big.jpg'))).equals(bytes)).toBe(true);
    expect((await storage.get('projects/p1/big.jpg')).equals(bytes)).toBe(true);
  });

  it('stores a stream and replaces an existing file whole', async () => {
    await storage.put('a/b.txt', Buffer.from('first version'));
    await storage.put('a/b.txt', Readable.from([Buffer.from('sec'), Buffer.from('ond')]));
    expect((await storage.get('a/b.txt')).toString()).toBe('second');
    expect(await storage.size('a/b.txt')).toBe(6);
    expect(await subject.keys()).toEqual(['a/b.txt']);
  });

  it.each(['projects/p1/', 'projects/p1'])(
    'deletes everything under the prefix %j and nothing beside it',
    async (prefix) => {
      await storage.put('projects/p1/a.jpg', Buffer.from('1'));
      await storage.put('projects/p1/thumbs/a.jpg', Buffer.from('2'));
      await storage.put('projects/p10/a.jpg', Buffer.from('3'));
      await storage.put('projects/p1.jpg', Buffer.from('4'));
      await storage.deletePrefix(prefix);
      expect(await subject.keys()).toEqual(['projects/p1.jpg', 'projects/p10/a.jpg']);
      // An empty or missing prefix is nothing to do.
      await storage.deletePrefix('projects/none/');
    },
  );

  it('answers NOT_FOUND for a missing key, and false for a "folder"', async () => {
    await storage.put('dir/file', Buffer.from('x'));
    await expect(storage.get('missing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(storage.stream('missing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(storage.size('missing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(storage.size('dir')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(storage.get('dir')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await storage.exists('dir')).toBe(false);
    expect(await storage.exists('missing')).toBe(false);
  });

  it.each(UNSAFE_KEYS)('refuses the unsafe key %j and stores nothing', async (key) => {
    expect(isSafeKey(key)).toBe(false);
    await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(AppError);
    await expect(storage.put(key, Buffer.from('x'))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(storage.get(key)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(storage.stream(key)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(storage.size(key)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(storage.exists(key)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(storage.delete(key)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(storage.deletePrefix(key)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await subject.keys()).toEqual([]);
  });

  it('refuses a key with a trailing slash for a file, and never deletes everything', async () => {
    await expect(storage.put('a/b/', Buffer.from('x'))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await storage.put('keep.txt', Buffer.from('x'));
    await expect(storage.deletePrefix('/')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(storage.deletePrefix('')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await subject.keys()).toEqual(['keep.txt']);
  });

  it('answers the readiness check', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe('LocalDiskStorage only', () => {
  let subject: Awaited<ReturnType<typeof localSubject>>;
  beforeEach(async () => {
    subject = await localSubject();
  });
  afterEach(() => subject.stop());

  it('leaves no temporary files when it replaces a file', async () => {
    await subject.storage.put('a/b.txt', Buffer.from('first version'));
    await subject.storage.put('a/b.txt', Readable.from([Buffer.from('sec'), Buffer.from('ond')]));
    expect(await readdir(join(subject.root, 'a'))).toEqual(['b.txt']);
  });

  it.each(UNSAFE_KEYS)('never touches the disk outside its root for %j', async (key) => {
    await expect(subject.storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(AppError);
    await expect(subject.storage.deletePrefix(key)).rejects.toBeInstanceOf(AppError);
    expect(await readdir(subject.parent)).toEqual([]);
  });

  it('has no presigned links: media is streamed through the API', () => {
    expect(subject.storage.presignedUrl).toBeUndefined();
  });
});

describe('S3Storage only', () => {
  let subject: Awaited<ReturnType<typeof s3Subject>>;
  beforeEach(async () => {
    subject = await s3Subject();
  });
  afterEach(() => subject.stop());

  it('deletes a prefix of more than one page (1000 keys) of objects', async () => {
    const keys = Array.from(
      { length: 1003 },
      (_, i) => `projects/p1/renders/${String(i).padStart(4, '0')}.webp`,
    );
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((key) => subject.storage.put(key, Buffer.from('x'))));
    }
    await subject.storage.put('projects/p10/a.jpg', Buffer.from('y'));
    expect(await subject.keys()).toHaveLength(1004);
    await subject.storage.deletePrefix('projects/p1/');
    expect(await subject.keys()).toEqual(['projects/p10/a.jpg']);
  }, 120_000);

  it('signs a link a browser can fetch, answering with the content type, disposition and caching asked for', async () => {
    const bytes = randomBytes(2048);
    await subject.storage.put('projects/p1/result.jpg', bytes);
    const url = await subject.storage.presignedUrl('projects/p1/result.jpg', {
      expiresIn: 120,
      contentType: 'image/jpeg',
      contentDisposition: `attachment; filename="Atic.jpg"; filename*=UTF-8''%C3%80tic.jpg`,
      cacheControl: 'private, max-age=100',
    });
    expect(
      url.startsWith(`${subject.server.endpoint}/${subject.server.bucket}/projects/p1/result.jpg?`),
    ).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('120');
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="Atic.jpg"; filename*=UTF-8''%C3%80tic.jpg`,
    );
    expect(answer.headers.get('cache-control')).toBe('private, max-age=100');
    expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);
    await expect(
      subject.storage.presignedUrl('../x', { expiresIn: 60, contentType: 'image/jpeg' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('signs links against the public endpoint when one is set', async () => {
    const storage = s3Storage(subject.server, { publicEndpoint: 'https://files.estancia.example' });
    const url = new URL(
      await storage.presignedUrl('projects/p1/a.jpg', { expiresIn: 60, contentType: 'image/jpeg' }),
    );
    expect(url.origin).toBe('https://files.estancia.example');
    expect(url.pathname).toBe(`/${subject.server.bucket}/projects/p1/a.jpg`);
    expect(url.searchParams.get('response-content-type')).toBe('image/jpeg');
  });

  // The CSP allows exactly this origin: it must be where the SDK really points the links.
  it.each<Partial<S3StorageOptions>>([
    { region: 'us-east-1' },
    { region: 'eu-west-1', forcePathStyle: true },
    { region: 'eu-west-1', bucket: 'fotos.estancia' },
    { region: 'cn-north-1' },
    { endpoint: 'https://files.example.com' },
    { endpoint: 'https://files.example.com:8443/', bucket: 'fotos.estancia' },
    { endpoint: 'http://localhost:9000' },
    { endpoint: 'http://127.0.0.1:9000' },
    { endpoint: 'http://minio:9000', publicEndpoint: 'https://media.example.com', forcePathStyle: true },
    { endpoint: 'http://minio:9000', publicEndpoint: 'https://media.example.com' },
  ])('knows the origin of its presigned links (%j)', async (given) => {
    const options: S3StorageOptions = {
      bucket: 'estancia',
      region: 'eu-west-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      ...given,
    };
    const url = await new S3Storage(options).presignedUrl('a/b.jpg', {
      expiresIn: 60,
      contentType: 'image/jpeg',
    });
    expect(presignedOrigin(options)).toBe(new URL(url).origin);
  });

  it('fails the readiness check when the bucket is missing or the server is gone', async () => {
    const missing = new S3Storage({
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      endpoint: subject.server.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await expect(missing.check()).rejects.toBeDefined();
    await subject.server.stop();
    await expect(subject.storage.check()).rejects.toBeDefined();
    // An unreachable store is an outage, never a missing file.
    await expect(subject.storage.get('projects/p1/a.jpg')).rejects.not.toBeInstanceOf(AppError);
  });
});
