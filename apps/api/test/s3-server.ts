import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const SCRIPT = join(__dirname, '../../../tools/s3-test-server.mjs');

export interface S3Server {
  /** `http://127.0.0.1:<port>`: use with S3_FORCE_PATH_STYLE=true. */
  endpoint: string;
  bucket: string;
  /** s3rver's one key pair (it checks the key id, not SigV4 signatures). */
  accessKeyId: string;
  secretAccessKey: string;
  /** The environment that points the product at this server (STORAGE_DRIVER=s3 and S3_*). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, tools/s3-test-server.mjs) on 127.0.0.1 and a free port, storing
 * in a temporary directory, with one empty bucket and, with `cors`, the CORS rule browsers need.
 * It runs in a child process because it needs --openssl-legacy-provider (see the script); stop() ends
 * it and its directory, once however often it is called.
 */
export async function startS3Server(options: { bucket?: string; cors?: boolean } = {}): Promise<S3Server> {
  const bucket = options.bucket ?? 'estancia-test';
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      SCRIPT,
      '--bucket',
      bucket,
      '--until-stdin-closes',
      ...(options.cors ? ['--cors'] : []),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = await new Promise<{
    endpoint: string;
    accessKeyId: string;
    secretAccessKey: string;
  }>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      lines.close();
      resolve(JSON.parse(line) as { endpoint: string; accessKeyId: string; secretAccessKey: string });
    });
    child.once('exit', (code) => reject(new Error(`s3-test-server.mjs exited (${code}) before it listened`)));
  });
  let stopped: Promise<void> | undefined;
  return {
    ...started,
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: started.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: started.accessKeyId,
      S3_SECRET_ACCESS_KEY: started.secretAccessKey,
    },
    stop: () =>
      (stopped ??= (async () => {
        // Closing its stdin stops it (and removes its directory); a kill if it hangs.
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.stdin.end();
        await exited;
        clearTimeout(timer);
      })()),
  };
}
