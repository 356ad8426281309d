import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './settings';

export interface ObjectStore {
  /** What the product gets on top of productEnvironment(): its storage is this bucket. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The e2e product keeps its files in S3 (the "whole e2e suite once on S3"): a real S3-compatible
 * server (s3rver, tools/s3-test-server.mjs) on 127.0.0.1 and a free port, with the bucket CORS rule a
 * real bucket needs too, and media delivered by presigned redirects, as in production.
 */
export async function startObjectStore(bucket: string): Promise<ObjectStore> {
  const child = spawn(
    process.execPath,
    // The legacy provider: s3rver's listing tokens use DES (see the script).
    [
      '--openssl-legacy-provider',
      join(repoRoot, 'tools/s3-test-server.mjs'),
      '--bucket',
      bucket,
      '--cors',
      '--until-stdin-closes',
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = await new Promise<{ endpoint: string; accessKeyId: string; secretAccessKey: string }>(
    (resolve, reject) => {
      const lines = createInterface({ input: child.stdout });
      lines.once('line', (line) => {
        lines.close();
        resolve(JSON.parse(line) as { endpoint: string; accessKeyId: string; secretAccessKey: string });
      });
      child.once('exit', (code) =>
        reject(new Error(`tools/s3-test-server.mjs stopped (${code}) before it listened`)),
      );
    },
  );
  return {
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: started.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: started.accessKeyId,
      S3_SECRET_ACCESS_KEY: started.secretAccessKey,
      MEDIA_DELIVERY: 'presigned',
    },
    stop: async () => {
      // Closing its stdin stops it and removes its files; a kill if it hangs.
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.stdin.end();
      await exited;
      clearTimeout(timer);
    },
  };
}
