#!/usr/bin/env node
// `npm run storage:copy -- [--from .data/storage] [--dry-run]`: copies a local store (STORAGE_DRIVER=local)
// into the configured bucket (S3_*), before switching to STORAGE_DRIVER=s3. Objects already there with the
// same size are skipped, so it can be run again until it copies nothing. Exits non-zero when anything failed.
// Plain Node ESM so it runs without a build; reads the shell's environment and .env like tools/start.mjs.
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line) => console.log(`[storage:copy] ${line}`);
/** Files read and sent at once: enough to hide the round trips, few enough for a small machine. */
const PARALLEL = 8;

// The same keys as the product's storage port (isSafeKey): anything else could never be read back.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const isSafeKey = (key) =>
  key.length > 0 &&
  key.length <= 512 &&
  key.split('/').every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');
// A half-written file of the local adapter (it writes to `<name>.<12 hex>.partial`, then renames).
const PARTIAL = /\.[0-9a-f]{12}\.partial$/;

async function main() {
  let args;
  try {
    args = parseArgs({
      options: {
        from: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    return usage(error.message);
  }
  if (args.help) return usage();

  if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
  const env = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ''));
  if (!env.S3_BUCKET)
    return usage('S3_BUCKET is not set (in the environment or .env): where should the files go?');

  // As the product does: STORAGE_DIR relative to the repository; --from relative to where you are.
  const from = args.from
    ? resolve(env.INIT_CWD ?? process.cwd(), args.from)
    : resolve(root, env.STORAGE_DIR ?? '.data/storage');
  if (!(await stat(from).catch(() => null))?.isDirectory()) return usage(`${from} is not a directory.`);

  const bucket = env.S3_BUCKET;
  const client = new S3Client({
    region: env.S3_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: ['true', '1', 'yes'].includes(env.S3_FORCE_PATH_STYLE ?? ''),
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    // As the product's adapter: no default CRC32 checksums, which many S3-compatible servers refuse.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const target = `bucket ${bucket}${env.S3_ENDPOINT ? ` at ${env.S3_ENDPOINT}` : ''}`;
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    console.error(
      `\nCannot reach ${target}: ${describe(error)}\nCheck S3_BUCKET, S3_ENDPOINT, S3_REGION and the keys.\n`,
    );
    return 1;
  }

  log(`${args['dry-run'] ? 'Dry run: nothing is written. ' : ''}From ${from} to ${target}`);
  const files = [];
  const invalid = [];
  for (const entry of await readdir(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const key = relative(from, path).split(sep).join('/');
    if (PARTIAL.test(key)) continue;
    if (isSafeKey(key)) files.push({ path, key });
    else invalid.push(key);
  }
  files.sort((a, b) => a.key.localeCompare(b.key));

  const counts = { copied: 0, present: 0, failed: 0, bytes: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      try {
        const size = (await stat(file.path)).size;
        if ((await remoteSize(client, bucket, file.key)) === size) {
          counts.present++;
          continue;
        }
        if (!args['dry-run']) {
          await client.send(
            new PutObjectCommand({ Bucket: bucket, Key: file.key, Body: await readFile(file.path) }),
          );
        }
        counts.copied++;
        counts.bytes += size;
      } catch (error) {
        counts.failed++;
        console.error(`[storage:copy] ${file.key}: ${describe(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, files.length) }, worker));
  client.destroy();

  for (const key of invalid) console.error(`[storage:copy] ${key}: not a valid storage key, left out`);
  const megabytes = (counts.bytes / 1024 / 1024).toFixed(1);
  log(
    [
      `${files.length + invalid.length} files:`,
      `${counts.copied} ${args['dry-run'] ? 'to copy' : 'copied'} (${megabytes} MB),`,
      `${counts.present} already there,`,
      `${counts.failed} failed,`,
      `${invalid.length} left out (not valid keys).`,
    ].join(' '),
  );
  // Files that are not valid keys were never the product's (it cannot read them back): a warning only.
  return counts.failed ? 1 : 0;
}

/** The object's size in the bucket, or null when it is not there. */
async function remoteSize(client, bucket, key) {
  try {
    return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength ?? null;
  } catch (error) {
    if (error?.name === 'NotFound' || error?.$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
}

function describe(error) {
  const status = error?.$metadata?.httpStatusCode;
  return `${error?.name ?? 'Error'}${status ? ` (HTTP ${status})` : ''}: ${error?.message ?? String(error)}`;
}

function usage(problem) {
  if (problem) console.error(`\n${problem}\n`);
  console.log(
    [
      'Usage: npm run storage:copy -- [--from <dir>] [--dry-run]',
      '',
      '  Copies every file of a local store into the bucket set by S3_BUCKET (and S3_REGION, S3_ENDPOINT,',
      '  S3_FORCE_PATH_STYLE, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY), from the environment or .env.',
      '  Files already in the bucket with the same size are skipped, so running it again is safe.',
      '',
      '  --from <dir>   the local store (default: STORAGE_DIR, else .data/storage)',
      '  --dry-run      only say what would be copied',
    ].join('\n'),
  );
  return problem ? 2 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`[storage:copy] ${describe(error)}`);
    process.exit(1);
  },
);
