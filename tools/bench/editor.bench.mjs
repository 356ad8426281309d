// The canvas editor on a 12-megapixel photo, as a customer uses it: frame times while drawing with the
// corrector brush in the customer app (headless Chromium against the real product), then the
// server-side export of that edit at full resolution (POST /data/decoration/:id/edit/render).
//
// Setup: the product (apps/api/dist, ROLE=all, also serving the built customer app) on its own
// database, Redis prefix and storage folder; a customer with credits and a PRO subscription (unlimited
// editing, so the exports are not capped at 3); a project with a 4000×3000 ~2 MB JPEG and one
// automatic decoration of it, waited for; Debian's Chromium (/usr/bin/chromium, never downloaded),
// signed in with the customer's token, on /project/edit/<project>?decoration=<decoration>.
//
// Frame times: a requestAnimationFrame loop in the page records performance.now() deltas (so a frame
// the main thread delays shows as a long one) while Playwright moves the mouse along a zigzag over the
// photo in 200 small steps (about 11 px each; Chromium hands continuous pointer moves over once a
// frame, like a person drawing). Each run is one gesture; the table reports the frames (one row
// sample per frame, `runs` = frames, ops/s = frames per second).
//
// Server: BENCH_DATABASE_URL / DATABASE_URL and REDIS_URL, as the decoration bench.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiRequire,
  BenchAbort,
  bootProduct,
  call,
  formatMs,
  roomPhoto,
  root,
  signUpCustomer,
} from './lib.mjs';

export const title = 'canvas editor on a 12 MP photo: brush frame times in Chromium, full-resolution export';

const STROKES = 5;
const EXPORTS = 10;
const WIDTH = 4000;
const HEIGHT = 3000;
const MOVES = 200;
const VIEWPORT = { width: 1600, height: 1000 };
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Polls `check` every 500 ms until it answers something truthy, or gives up after `seconds`. */
async function waitFor(what, check, seconds) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new BenchAbort(`${what}: not within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The rAF recorder, run in the page: start() clears and records, stop() waits two frames and answers them. */
function installFrameRecorder() {
  const w = globalThis;
  let last = null;
  let running = false;
  const tick = () => {
    if (!running) return;
    const now = performance.now();
    if (last !== null) w.__frames.push(now - last);
    last = now;
    w.requestAnimationFrame(tick);
  };
  w.__frames = [];
  w.__frameRecorder = {
    start() {
      w.__frames = [];
      last = null;
      running = true;
      w.requestAnimationFrame(tick);
    },
    // Two more frames, so the frame that commits the stroke (the layer preview re-rendered) counts.
    stop: () =>
      new Promise((done) =>
        w.requestAnimationFrame(() =>
          w.requestAnimationFrame(() => {
            running = false;
            done(w.__frames);
          }),
        ),
      ),
  };
}

export async function setup({ defer, log }) {
  const sharp = apiRequire('sharp');
  const { chromium } = createRequire(join(root, 'apps/e2e/package.json'))('playwright-core');

  const photo = await roomPhoto(sharp, WIDTH, HEIGHT);
  log(`photo: ${WIDTH}×${HEIGHT} JPEG, ${(photo.length / 1024 / 1024).toFixed(2)} MB`);

  const storage = mkdtempSync(join(tmpdir(), 'estancia-bench-'));
  defer(() => rmSync(storage, { recursive: true, force: true }));
  const product = await bootProduct({ defer, log, env: { STORAGE_DIR: storage } });
  const { base, db } = product;
  const { token, user } = await signUpCustomer(product, { credits: 100 });
  await db.query(
    `INSERT INTO subscriptions (user_id, plan_code, cycle, status, current_period_end, cancel_at_period_end)
     VALUES ($1, 'PRO', 'monthly', 'active', now() + interval '30 days', false)`,
    [user.id],
  );

  const project = await call(base, 'POST', 'project', { token, body: { propertyName: 'Bench editor' } });
  const form = new FormData();
  form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'room.jpg');
  const { images } = await call(base, 'POST', `project/${project.id}/images`, { token, form });
  const { decorations } = await call(base, 'POST', `project/${project.id}/decorations`, {
    token,
    body: {
      items: [{ imageId: images[0].id, roomType: 'livingroom', style: 'scandinavian', type: 'automatic' }],
    },
  });
  const decorationId = decorations[0].id;
  await waitFor(
    'the automatic decoration',
    async () => {
      const detail = await call(base, 'GET', `project/${project.id}`, { token });
      const state = detail.decorations.find((d) => d.id === decorationId)?.state;
      if (state === 'failed') throw new BenchAbort('the automatic decoration failed');
      return state === 'ready';
    },
    180,
  );
  log(`decoration ${decorationId} ready`);

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const closeBrowser = async () => {
    if (browser.isConnected()) await browser.close();
  };
  defer(closeBrowser);
  const page = await (await browser.newContext({ viewport: VIEWPORT, baseURL: base })).newPage();
  // Signed in as the customer app keeps it (apps/e2e/src/fixtures.ts signInWithToken).
  await page.goto('/error');
  await page.evaluate((value) => globalThis.localStorage.setItem('_token', value), token);
  await page.goto(`/project/edit/${project.id}?decoration=${decorationId}`);
  const tools = page.getByRole('toolbar', { name: 'Herramientas' });
  await tools.waitFor({ state: 'visible', timeout: 60_000 });
  const stage = page.getByTestId('editor-stage');
  await stage.waitFor({ state: 'visible' });
  await stage.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  // The 12 MP result and original downloaded and decoded before the first gesture.
  await page.waitForLoadState('networkidle');
  await tools.getByRole('button', { name: 'Pincel corrector', exact: true }).click();
  await page.evaluate(installFrameRecorder);

  // The zigzag, in screen pixels: three passes over the photo (where it sits in the fitted stage).
  const box = await stage.boundingBox();
  if (!box) throw new BenchAbort('the editor stage is not on screen');
  const scale = Math.min(box.width / WIDTH, box.height / HEIGHT);
  const left = box.x + (box.width - WIDTH * scale) / 2;
  const top = box.y + (box.height - HEIGHT * scale) / 2;
  const path = Array.from({ length: MOVES + 1 }, (_, i) => {
    const t = (3 * i) / MOVES; // 0..3 passes
    const pass = Math.min(2, Math.floor(t));
    const along = t - pass;
    const x = 0.1 + 0.8 * (pass % 2 ? 1 - along : along);
    const y = 0.25 + 0.5 * (t / 3) + 0.04 * Math.sin(t * 2 * Math.PI * 4);
    return { x: left + x * WIDTH * scale, y: top + y * HEIGHT * scale };
  });
  const stepPx = path.slice(1).map((p, i) => Math.hypot(p.x - path[i].x, p.y - path[i].y));
  log(
    `browser: stage ${Math.round(box.width)}×${Math.round(box.height)} px, photo at ${(scale * 100).toFixed(1)} %, ` +
      `${MOVES} moves of ${(stepPx.reduce((a, b) => a + b, 0) / MOVES).toFixed(1)} px on average ` +
      `(${Math.max(...stepPx).toFixed(1)} px at most)`,
  );

  return {
    sharp,
    photo,
    base,
    token,
    decorationId,
    page,
    path,
    closeBrowser,
    exportReady: null,
    strokes: 0,
    frames: null,
    exports: null,
    document: null,
    saved: null,
  };
}

/**
 * One gesture along the path with frames recorded: pressed (a brush stroke) or not (hovering). It
 * starts once the editor has saved the previous change, so no autosave runs in the measured frames.
 */
async function gesture(ctx, pressed) {
  const { page, path } = ctx;
  await page.waitForFunction(
    () => globalThis.document.querySelector('[data-testid="editor-save-status"]')?.dataset.status === 'saved',
    undefined,
    { timeout: 30_000 },
  );
  await page.mouse.move(path[0].x, path[0].y);
  await page.evaluate(() => globalThis.__frameRecorder.start());
  if (pressed) await page.mouse.down();
  for (let i = 1; i < path.length; i++) await page.mouse.move(path[i].x, path[i].y);
  if (pressed) {
    await page.mouse.up();
    ctx.strokes++;
  }
  return page.evaluate(() => globalThis.__frameRecorder.stop());
}

/**
 * Once, before the first export call: the editor's last autosave done, its document (with the
 * strokes drawn above) saved again through the API, and the browser closed so it takes no CPU.
 */
async function prepareExport(ctx) {
  await ctx.page.waitForFunction(
    () => globalThis.document.querySelector('[data-testid="editor-save-status"]')?.dataset.status === 'saved',
    undefined,
    { timeout: 30_000 },
  );
  const session = await call(ctx.base, 'GET', `decoration/${ctx.decorationId}/edit`, { token: ctx.token });
  const { document } = session;
  const strokes = document.layers.flatMap((l) => l.area).filter((shape) => shape.kind === 'stroke');
  if (strokes.length === 0) throw new BenchAbort('the editor saved no brush stroke');
  await call(ctx.base, 'PUT', `decoration/${ctx.decorationId}/edit`, {
    token: ctx.token,
    body: { document },
  });
  ctx.saved = document;
  ctx.document = {
    layers: document.layers.map((l) => l.type).join(', '),
    strokes: strokes.length,
    points: strokes.reduce((sum, s) => sum + s.points.length / 2, 0),
  };
  await ctx.closeBrowser();
}

export function groups(ctx) {
  const ready = () => (ctx.exportReady ??= prepareExport(ctx));
  return [
    {
      title: `brush stroke on a ${WIDTH}×${HEIGHT} photo, frame time in headless Chromium (${MOVES} moves a gesture)`,
      runs: STROKES,
      warmup: 1,
      rounds: 1,
      // The idle baseline: the same page, tool and pointer moves, only without the button pressed.
      // Konva and the brush get every pointermove (the brush ignores it without a stroke under way),
      // so the difference is the drawing itself: the stroke canvas, the layer redraws and the commit.
      // ('Mover la vista' would not be idle: dragging pans and redraws the whole 12 MP stage.)
      baseline: { name: 'hovering, brush chosen', items: true, fn: () => gesture(ctx, false) },
      cases: [{ name: 'drawing with the brush', items: true, fn: () => gesture(ctx, true) }],
      onResults: (rows) => {
        ctx.frames = rows;
      },
    },
    {
      title: `server-side export of that edit at full resolution (${WIDTH}×${HEIGHT}), sequential`,
      runs: EXPORTS,
      warmup: 1,
      rounds: 1,
      baseline: {
        name: 'libvips decode + re-encode',
        fn: async () => {
          await ready();
          await ctx.sharp(ctx.photo).jpeg({ quality: 85 }).toBuffer();
        },
      },
      cases: [
        {
          // Timed by itself: only the render call counts. Each render becomes the current version and
          // the oldest beyond KEPT_VERSIONS (5) are dropped, the document's base among them after 4,
          // so the same document is then saved again over the version just rendered (untimed).
          name: 'POST .../edit/render',
          items: true,
          fn: async () => {
            await ready();
            const t0 = performance.now();
            const { versionId } = await call(ctx.base, 'POST', `decoration/${ctx.decorationId}/edit/render`, {
              token: ctx.token,
            });
            const ms = performance.now() - t0;
            const document = { ...ctx.saved, baseVersionId: versionId };
            await call(ctx.base, 'PUT', `decoration/${ctx.decorationId}/edit`, {
              token: ctx.token,
              body: { document },
            });
            return [ms];
          },
        },
      ],
      onResults: (rows) => {
        ctx.exports = rows;
      },
    },
  ];
}

export function after(ctx, { log }) {
  if (ctx.frames) {
    const [idle, brush] = ctx.frames;
    const line = (row) =>
      `median ${formatMs(row.median)} ms, p95 ${formatMs(row.p95)} ms, p99 ${formatMs(row.p99)} ms ` +
      `(${row.runs} frames in ${row.calls} gestures, ${(row.runs / row.calls).toFixed(1)} a gesture)`;
    log(`brush frame time: ${line(brush)}`);
    log(`idle frame time:  ${line(idle)}`);
    log(
      `brush vs idle: median ${(brush.median / idle.median).toFixed(2)}x, p95 ${(brush.p95 / idle.p95).toFixed(2)}x, ` +
        `p99 ${(brush.p99 / idle.p99).toFixed(2)}x; ${MOVES} moves over ${(brush.runs / brush.calls).toFixed(1)} frames ` +
        `a stroke (${(MOVES / (brush.runs / brush.calls)).toFixed(2)} moves a frame)`,
    );
  }
  if (ctx.document) {
    log(
      `exported document: layers [${ctx.document.layers}], ${ctx.document.strokes} strokes, ` +
        `${ctx.document.points} points (${ctx.strokes} strokes drawn, warm-up included)`,
    );
  }
  if (ctx.exports) {
    const [vips, render] = ctx.exports;
    log(
      `export: median ${formatMs(render.median)} ms, p95 ${formatMs(render.p95)} ms vs libvips decode + ` +
        `re-encode median ${formatMs(vips.median)} ms, p95 ${formatMs(vips.p95)} ms ` +
        `(${(render.median / vips.median).toFixed(2)}x median, ${(render.p95 / vips.p95).toFixed(2)}x p95)`,
    );
  }
}
