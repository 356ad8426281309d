import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Logger, type OnModuleDestroy } from '@nestjs/common';
import sharp from 'sharp';
import type { Config, Human } from '@vladmandic/human';
import { PersonDetector, type RgbImage } from './person-detector.port';

/** Photos are shrunk to this long side before detection: enough for people in a room, and fast. */
const DETECT_SIDE = 640;
/**
 * A person is a face with a BlazeFace score of at least 0.5, or a body with a MoveNet score (the mean
 * confidence of its 17 key points) of at least 0.4. Measured on the test images: real people score
 * 0.86–0.95 (face) and 0.65–0.73 (body), empty rooms and noise give no face and a body score of 0.00;
 * below 0.5 BlazeFace reports weak candidates (0.2–0.4 for faces a few pixels wide in a crowd photo),
 * too unsure to refuse a customer's photo on. Someone present in a room shows a clear face or body.
 */
export const FACE_THRESHOLD = 0.5;
export const BODY_THRESHOLD = 0.4;

type HumanModule = { Human: new (config: Partial<Config>) => Human };

/**
 * Node's fetch does not read file:// URLs, and Human loads its models and the WebAssembly binary
 * with fetch; this wrapper answers those URLs from the disk and passes everything else through.
 */
function installFileFetch(): void {
  const marker = Symbol.for('estancia.fileFetch');
  const global = globalThis as typeof globalThis & { [marker]?: true };
  if (global[marker]) return;
  const networkFetch = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('file://')) return networkFetch(input, init);
    const body = await readFile(fileURLToPath(url));
    const type = url.endsWith('.json')
      ? 'application/json'
      : url.endsWith('.wasm')
        ? 'application/wasm'
        : 'application/octet-stream';
    return new Response(body, { status: 200, headers: { 'content-type': type } });
  };
  global[marker] = true;
}

/** Where the packages live; the human package exports only its entry points, so go from there. */
function packagePaths(): { humanEntry: string; models: string; wasm: string } {
  const humanDist = dirname(require.resolve('@vladmandic/human'));
  return {
    humanEntry: join(humanDist, 'human.node-wasm.js'),
    models: `${pathToFileURL(join(humanDist, '..', 'models')).href}/`,
    wasm: `${pathToFileURL(dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))).href}/`,
  };
}

/**
 * The bundled offline detector: BlazeFace (faces) and MoveNet Lightning (bodies) from
 * @vladmandic/human, on the WebAssembly backend. Loaded once, on first use, and reused; detections
 * run one at a time because the backend is single-threaded anyway.
 */
export class HumanPersonDetector extends PersonDetector implements OnModuleDestroy {
  private readonly logger = new Logger('PersonDetector');
  private human?: Promise<Human>;
  private queue: Promise<unknown> = Promise.resolve();

  async hasPerson(image: RgbImage): Promise<boolean> {
    const run = this.queue.then(() => this.detect(image));
    this.queue = run.catch(() => undefined);
    return run;
  }

  onModuleDestroy(): void {
    void this.human?.then((h) => h.tf.engine().disposeVariables()).catch(() => undefined);
  }

  private load(): Promise<Human> {
    this.human ??= (async () => {
      installFileFetch();
      const paths = packagePaths();
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { Human: HumanClass } = require(paths.humanEntry) as HumanModule;
      const human = new HumanClass({
        backend: 'wasm',
        wasmPath: paths.wasm,
        modelBasePath: paths.models,
        debug: false,
        warmup: 'none',
        cacheSensitivity: 0,
        skipAllowed: false,
        filter: { enabled: false },
        gesture: { enabled: false },
        face: {
          enabled: true,
          detector: { rotation: false, maxDetected: 10, minConfidence: 0.2, return: false },
          mesh: { enabled: false },
          iris: { enabled: false },
          emotion: { enabled: false },
          description: { enabled: false },
          antispoof: { enabled: false },
          liveness: { enabled: false },
        },
        body: { enabled: true, modelPath: 'movenet-lightning.json', maxDetected: 1, minConfidence: 0.2 },
        hand: { enabled: false },
        object: { enabled: false },
        segmentation: { enabled: false },
      } as Partial<Config>);
      await human.load();
      this.logger.log(`person detector ready (backend ${human.tf.getBackend()})`);
      return human;
    })();
    this.human.catch(() => (this.human = undefined));
    return this.human;
  }

  private async detect(image: RgbImage): Promise<boolean> {
    const human = await this.load();
    const small = await shrink(image);
    const tensor = human.tf.tensor3d(new Int32Array(small.data), [small.height, small.width, 3], 'int32');
    try {
      const result = await human.detect(tensor);
      if (result.error) throw new Error(`person detection failed: ${result.error}`);
      return (
        result.face.some((f) => f.score >= FACE_THRESHOLD) ||
        result.body.some((b) => b.score >= BODY_THRESHOLD)
      );
    } finally {
      human.tf.dispose(tensor);
    }
  }
}

async function shrink(image: RgbImage): Promise<RgbImage> {
  if (Math.max(image.width, image.height) <= DETECT_SIDE) return image;
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .resize(DETECT_SIDE, DETECT_SIDE, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}
