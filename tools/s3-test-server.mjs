#!/usr/bin/env node
// A throwaway S3-compatible server (s3rver) on loopback: the tests' object store, and a way to try
// STORAGE_DRIVER=s3 on one machine. Prints one JSON line {"endpoint","bucket","accessKeyId","secretAccessKey"}
// once it listens, then serves until SIGTERM/SIGINT (or, with --until-stdin-closes, until its parent goes).
//
//   node --openssl-legacy-provider tools/s3-test-server.mjs [--bucket estancia] [--cors] [--port 0] [--dir path]
//
// --openssl-legacy-provider: s3rver seals ListObjectsV2 continuation tokens with DES, which OpenSSL 3
// only offers there; without it any listing longer than one page (1000 keys) fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import S3rver from 's3rver';

/** What the web editor needs from a real bucket too: images read cross-origin (crossOrigin="anonymous") by any page. */
export const BUCKET_CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3600</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** Runs only as a command, so others can import BUCKET_CORS. */
if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

async function main() {
  const { values } = parseArgs({
    options: {
      bucket: { type: 'string', default: 'estancia' },
      cors: { type: 'boolean', default: false },
      port: { type: 'string', default: '0' },
      dir: { type: 'string' },
      'until-stdin-closes': { type: 'boolean', default: false },
    },
  });

  // A directory of our own is removed on stop; one that was given is kept.
  const directory = values.dir ?? mkdtempSync(join(tmpdir(), 'estancia-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: Number(values.port),
    silent: true,
    directory,
    configureBuckets: [{ name: values.bucket, configs: values.cors ? [BUCKET_CORS] : [] }],
  });
  const { port } = await server.run();

  let stopping = false;
  async function stop() {
    if (stopping) return;
    stopping = true;
    // Clients keep connections alive; close() alone would wait for them.
    server.httpServer?.closeAllConnections();
    await server.close().catch(() => undefined);
    if (!values.dir) rmSync(directory, { recursive: true, force: true });
    process.exit(0);
  }
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  if (values['until-stdin-closes']) {
    // The parent (a test run) holds our stdin: when it ends, by design or by a crash, we go too.
    process.stdin.on('end', stop).on('close', stop).resume();
  }

  // s3rver checks only the key id (this is its one account), never the signature.
  console.log(
    JSON.stringify({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: values.bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    }),
  );
}
