import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startS3Server, type S3Server } from '../../../test/s3-server';
import { LocalDiskStorage } from './local-disk.storage';
import { S3Storage } from './s3.storage';

const repoRoot = join(__dirname, '../../../../..');
const TOOL = join(repoRoot, 'tools/storage-copy.mjs');

interface Run {
  code: number;
  out: string;
  err: string;
}

/** `npm run storage:copy -- <args>` as an operator runs it: a separate Node process, S3_* in its environment. */
function storageCopy(args: string[], env: Record<string, string>): Promise<Run> {
  // Only what the tool needs from this shell: never S3_* or STORAGE_* of the machine running the tests.
  const shell = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(S3_|STORAGE_|AWS_)/.test(name)),
  ) as Record<string, string>;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [TOOL, ...args],
      { cwd: repoRoot, env: { ...shell, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env } },
      (error, out, err) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, out, err }),
    );
  });
}

describe('tools/storage-copy.mjs', () => {
  let s3: S3Server;
  let bucket: S3Storage;
  let dir: string;
  let local: LocalDiskStorage;

  beforeEach(async () => {
    s3 = await startS3Server();
    bucket = new S3Storage({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    dir = await mkdtemp(join(tmpdir(), 'estancia-storage-copy-'));
    local = new LocalDiskStorage(dir);
  });
  afterEach(async () => {
    await s3.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const files: Record<string, Buffer> = {
    'projects/p1/images/i1/original.jpg': randomBytes(200_000),
    'projects/p1/images/i1/thumb.jpg': randomBytes(3_000),
    'projects/p10/decorations/d1/v1.render.webp': randomBytes(50_000),
    'free-try/f1/result.jpg': randomBytes(10_000),
    'catalogue/products/sofa.png': randomBytes(7_000),
  };

  it('copies every file once, skips what is already there with the same size, and says so', async () => {
    for (const [key, bytes] of Object.entries(files)) await local.put(key, bytes);
    // Not the product's files: a half-written temporary and a name that is no key.
    await writeFile(join(dir, 'projects/p1/images/i1/original.jpg.0123456789ab.partial'), 'half');
    await writeFile(join(dir, '.DS_Store'), 'finder');
    // Already in the bucket: one complete (skipped), one cut short by an earlier interrupted copy (copied again).
    await bucket.put('catalogue/products/sofa.png', files['catalogue/products/sofa.png']!);
    await bucket.put('projects/p1/images/i1/original.jpg', Buffer.from('cut short'));

    const dry = await storageCopy(['--from', dir, '--dry-run'], s3.env);
    expect(dry).toMatchObject({ code: 0 });
    // The temporary is not counted; the other name is, and reported as left out.
    expect(dry.out).toContain('6 files: 4 to copy');
    expect(dry.out).toContain('1 already there, 0 failed, 1 left out');
    expect(await bucket.exists('free-try/f1/result.jpg')).toBe(false);
    expect((await bucket.get('projects/p1/images/i1/original.jpg')).toString()).toBe('cut short');

    const first = await storageCopy(['--from', dir], s3.env);
    expect(first).toMatchObject({ code: 0 });
    expect(first.out).toContain('6 files: 4 copied');
    expect(first.out).toContain('1 already there, 0 failed, 1 left out');
    expect(first.err).toContain('.DS_Store: not a valid storage key');
    for (const [key, bytes] of Object.entries(files)) {
      expect([key, (await bucket.get(key)).equals(bytes)]).toEqual([key, true]);
    }
    expect(await bucket.exists('projects/p1/images/i1/original.jpg.0123456789ab.partial')).toBe(false);

    const again = await storageCopy(['--from', dir], s3.env);
    expect(again).toMatchObject({ code: 0 });
    expect(again.out).toContain('6 files: 0 copied (0.0 MB), 5 already there, 0 failed');
  });

  it('reads STORAGE_DIR when no --from is given', async () => {
    await local.put('projects/p2/a.jpg', Buffer.from('from STORAGE_DIR'));
    const run = await storageCopy([], { ...s3.env, STORAGE_DIR: dir });
    expect(run).toMatchObject({ code: 0 });
    expect((await bucket.get('projects/p2/a.jpg')).toString()).toBe('from STORAGE_DIR');
  });

  it('copies what it can, names each file it could not, and exits non-zero', async () => {
    await local.put('projects/p1/a.jpg', Buffer.from('fine'));
    // A file it cannot send: 3 GiB (sparse, so it costs no disk) is more than one upload of it may hold.
    const refused = 'projects/p1/huge.jpg';
    await writeFile(join(dir, refused), '');
    await truncate(join(dir, refused), 3 * 1024 ** 3);
    const run = await storageCopy(['--from', dir], s3.env);
    expect(run.code).toBe(1);
    expect(run.out).toContain('2 files: 1 copied');
    expect(run.out).toContain('1 failed');
    expect(run.err).toContain(`${refused}: `);
    expect(await bucket.exists(refused)).toBe(false);
    expect((await bucket.get('projects/p1/a.jpg')).toString()).toBe('fine');
  });

  it('fails, naming the problem, when the bucket cannot be reached or is not configured', async () => {
    await local.put('projects/p1/a.jpg', Buffer.from('x'));
    const missingBucket = await storageCopy(['--from', dir], { ...s3.env, S3_BUCKET: 'no-such-bucket' });
    expect(missingBucket.code).not.toBe(0);
    expect(missingBucket.err).toContain('Cannot reach bucket no-such-bucket');

    const unset = await storageCopy(['--from', dir], { ...s3.env, S3_BUCKET: '' });
    expect(unset.code).not.toBe(0);
    expect(unset.err).toContain('S3_BUCKET is not set');

    const notADirectory = await storageCopy(['--from', join(dir, 'nope')], s3.env);
    expect(notADirectory.code).not.toBe(0);

    await s3.stop();
    const gone = await storageCopy(['--from', dir], s3.env);
    expect(gone.code).not.toBe(0);
    expect(gone.err).toContain('Cannot reach bucket');
  });
});
