// What a customer waits for: an automatic decoration of a 12-megapixel, 2 MB JPEG, from the upload
// being accepted to SendProjectDecorationConfirm arriving on a socket, against the real product
// (apps/api/dist, ROLE=all: API, queue worker and the built-in staging engine in one process).
// Beside it, in the same run: the built-in engine alone on the same photo, and the baseline, the
// time libvips needs just to decode and re-encode that photo. "Everything else" (queue, storage,
// database, thumbnails, events) is the end-to-end median minus the engine median.
//
// The uploads are made before the clock starts (each run gets its own project: 5 photos at most per
// project), so a run times the order call, the render job and the confirmation only.
//
// Server: BENCH_DATABASE_URL / DATABASE_URL (only the server: the bench creates and drops its own
// database) and Redis at REDIS_URL (its own key prefix, removed at the end).
import {
  apiRequire,
  BenchAbort,
  bootProduct,
  call,
  formatMs,
  requireApi,
  roomPhoto,
  signUpCustomer,
} from './lib.mjs';

export const title = 'automatic decoration of a 12 MP JPEG: upload accepted → SendProjectDecorationConfirm';

const RUNS = 20;
const WARMUP = 2;
const WIDTH = 4000;
const HEIGHT = 3000;

export async function setup({ defer, log }) {
  const sharp = apiRequire('sharp');
  const { io } = apiRequire('socket.io-client');
  const engines = requireApi('dist/modules/decorations/engine/built-in-staging.engine.js');
  const Engine = Object.values(engines).find((v) => typeof v === 'function' && /Engine/.test(v.name));
  if (!Engine) throw new BenchAbort('no built-in staging engine class in the compiled API');
  const engine = new Engine();

  const photo = await roomPhoto(sharp, WIDTH, HEIGHT);
  log(`photo: ${WIDTH}×${HEIGHT} JPEG, ${(photo.length / 1024 / 1024).toFixed(2)} MB`);

  const product = await bootProduct({ defer, log });
  const { base } = product;
  // A customer, verified with the e-mailed code, with enough credits for every run.
  const { token, user } = await signUpCustomer(product, { credits: 1000 });

  const socket = io(`${base}/hub`, { auth: { token }, transports: ['websocket'] });
  defer(() => socket.disconnect());
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  await new Promise((resolve) => socket.emit('AddGroup', user.id, resolve));
  const confirmations = new Map();
  socket.on('SendProjectDecorationConfirm', (projectId) => confirmations.get(projectId)?.());

  // Every run gets its own project with the photo already uploaded (and accepted).
  const uploads = [];
  for (let i = 0; i < 2 * (RUNS + WARMUP) + 2; i++) {
    const project = await call(base, 'POST', 'project', { token, body: { propertyName: `Bench ${i}` } });
    const form = new FormData();
    form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'room.jpg');
    const { images } = await call(base, 'POST', `project/${project.id}/images`, { token, form });
    uploads.push({ projectId: project.id, imageId: images[0].id });
  }
  log(`${uploads.length} projects with the photo uploaded`);
  return { sharp, engine, photo, base, token, uploads, next: 0, confirmations, e2e: null, engineOnly: null };
}

export function groups(ctx) {
  const decorate = async () => {
    const { projectId, imageId } = ctx.uploads[ctx.next++];
    const confirmed = new Promise((resolve) => ctx.confirmations.set(projectId, resolve));
    await call(ctx.base, 'POST', `project/${projectId}/decorations`, {
      token: ctx.token,
      body: { items: [{ imageId, roomType: 'livingroom', style: 'scandinavian', type: 'automatic' }] },
    });
    await confirmed;
    ctx.confirmations.delete(projectId);
  };
  let seed = 1;
  return [
    {
      title: `${WIDTH}×${HEIGHT} JPEG (~2 MB), sequential`,
      runs: RUNS,
      warmup: 1,
      rounds: WARMUP,
      baseline: {
        name: 'libvips decode + re-encode',
        fn: () => ctx.sharp(ctx.photo).jpeg({ quality: 85 }).toBuffer(),
      },
      cases: [
        {
          name: 'built-in engine alone',
          fn: () =>
            ctx.engine.render({
              image: ctx.photo,
              width: WIDTH,
              height: HEIGHT,
              roomType: 'livingroom',
              style: 'scandinavian',
              seed: seed++,
              prompt: '',
            }),
        },
        { name: 'upload accepted → confirm', fn: decorate },
      ],
      onResults: (rows) => {
        ctx.engineOnly = rows[1];
        ctx.e2e = rows[2];
      },
    },
  ];
}

export function after(ctx, { log }) {
  if (!ctx.e2e || !ctx.engineOnly) return;
  const rest = ctx.e2e.median - ctx.engineOnly.median;
  log(
    `end to end: median ${formatMs(ctx.e2e.median)} ms, p95 ${formatMs(ctx.e2e.p95)} ms ` +
      `(target: under 3000 ms on 2 cores)`,
  );
  log(
    `engine ${formatMs(ctx.engineOnly.median)} ms + everything else ${formatMs(rest)} ms ` +
      `= ${((100 * rest) / ctx.e2e.median).toFixed(1)}% of the total (target: under 10%)`,
  );
}
