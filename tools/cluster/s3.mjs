// A local S3-compatible server for `npm run start:cluster --storage s3`: tools/s3-test-server.mjs (s3rver) in a
// child process, one bucket kept on disk, with the CORS rule the web editor needs to read images on a canvas.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), '..', 's3-test-server.mjs');

/**
 * Starts s3rver on host:port (0: any free port) with `bucket` under `dir`. Returns { endpoint, bucket,
 * env, stop() }, `env` being the variables that point the api and the workers at it.
 */
export async function startS3rver({ dir, bucket = 'estancia', port = 0 }) {
  mkdirSync(dir, { recursive: true });
  const child = spawn(
    process.execPath,
    // The legacy provider: s3rver's listing tokens use DES (see the script).
    [
      '--openssl-legacy-provider',
      SCRIPT,
      '--bucket',
      bucket,
      '--cors',
      '--dir',
      dir,
      '--port',
      String(port),
      '--until-stdin-closes',
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const started = await new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      lines.close();
      resolve(JSON.parse(line));
    });
    child.once('exit', (code) =>
      reject(new Error(`tools/s3-test-server.mjs stopped (${code}) before it listened`)),
    );
  });
  let stopped;
  return {
    endpoint: started.endpoint,
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: started.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: started.accessKeyId,
      S3_SECRET_ACCESS_KEY: started.secretAccessKey,
    },
    stop: () =>
      (stopped ??= (async () => {
        // Closing its stdin stops it; a kill if it hangs.
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.stdin.end();
        await exited;
        clearTimeout(timer);
      })()),
  };
}
