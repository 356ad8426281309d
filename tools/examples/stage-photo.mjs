#!/usr/bin/env node
// Stages one photo end to end through Estancia's public API, as an integrator's software would:
// creates a project, adds the photo (a file is uploaded, an https URL is fetched by Estancia), orders an
// automatic decoration, waits for it — by a signed webhook on a local receiver when --webhook-port is
// given, else by polling — and downloads the result. Every POST carries an Idempotency-Key, so running a
// step again after a network error never charges twice. Needs Node 20+ (fetch, FormData) and nothing else.
//
//   node tools/examples/stage-photo.mjs --key est_… --photo ./room.jpg [--base https://app.example.com]
//        [--room livingroom] [--style modern] [--name "Pis Eixample"] [--out staged.jpg]
//        [--webhook-port 4555 --webhook-secret whsec_…]
//
// The key can also come as ESTANCIA_API_KEY and the base URL as ESTANCIA_URL. With --webhook-port, register
// http(s)://<this machine>:<port>/ for the event decoration.ready on the API integration page first; the
// script verifies each delivery's Estancia-Signature with --webhook-secret (the recipe in the README).
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: process.env.ESTANCIA_URL ?? 'http://127.0.0.1:3000' },
    key: { type: 'string', default: process.env.ESTANCIA_API_KEY },
    photo: { type: 'string' },
    room: { type: 'string', default: 'livingroom' },
    style: { type: 'string', default: 'modern' },
    name: { type: 'string', default: `Staging ${new Date().toISOString().slice(0, 16)}` },
    out: { type: 'string', default: 'staged.jpg' },
    'webhook-port': { type: 'string' },
    'webhook-secret': { type: 'string' },
    'timeout-seconds': { type: 'string', default: '300' },
  },
});
if (!args.key || !args.photo) {
  console.error(
    'usage: stage-photo.mjs --key est_… --photo <file or https URL> [--base URL] (see the header)',
  );
  process.exit(2);
}
const base = args.base.replace(/\/$/, '');
const deadline = Date.now() + Number(args['timeout-seconds']) * 1000;
const log = (step, detail) => console.log(JSON.stringify({ step, ...detail }));

/** One call of the public API; a failure throws with the API's stable error code. */
async function api(method, path, { json, form, idempotent = method === 'POST' } = {}) {
  const headers = { authorization: `Bearer ${args.key}` };
  if (idempotent) headers['idempotency-key'] = randomUUID();
  if (json) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers,
    body: json ? JSON.stringify(json) : form,
  });
  if (response.status === 429) {
    const wait = Number(response.headers.get('retry-after') ?? 1);
    log('rate-limited', { retryAfterSeconds: wait });
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    return api(method, path, { json, form, idempotent });
  }
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    throw new Error(`${method} ${path} answered ${response.status} ${body.code ?? ''} ${body.message ?? ''}`);
  }
  return response;
}

/** Checks `Estancia-Signature: t=…,v1=…` over "<t>.<raw body>" (HMAC-SHA256, 5 minutes' tolerance). */
function signatureValid(secret, header, rawBody) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
  const t = Number(parts.t);
  if (!Number.isFinite(t) || !parts.v1 || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A local receiver answering 2xx; resolves with the first verified decoration event of `decorationId`. */
function webhookReceiver(port, secret) {
  let settle;
  const events = new Map();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (!signatureValid(secret, String(req.headers['estancia-signature'] ?? ''), raw)) {
        log('webhook-refused', { reason: 'bad signature' });
        res.writeHead(400).end();
        return;
      }
      res.writeHead(204).end();
      const event = JSON.parse(raw);
      log('webhook', { type: event.type, id: event.id, decorationId: event.data?.decorationId });
      events.set(event.data?.decorationId, event);
      settle?.();
    });
  });
  return new Promise((resolve) =>
    server.listen(Number(port), () =>
      resolve({
        async eventFor(decorationId) {
          while (!events.has(decorationId)) {
            if (Date.now() > deadline) throw new Error('no webhook arrived in time');
            await new Promise((wake) => {
              settle = wake;
              setTimeout(wake, 1000);
            });
          }
          return events.get(decorationId);
        },
        close: () => new Promise((done) => server.close(done)),
      }),
    ),
  );
}

const receiver = args['webhook-port']
  ? await webhookReceiver(args['webhook-port'], args['webhook-secret'] ?? '')
  : null;
try {
  const project = await (await api('POST', '/projects', { json: { propertyName: args.name } })).json();
  log('project', { id: project.id, propertyName: project.propertyName });

  let images;
  if (/^https?:\/\//.test(args.photo)) {
    images = await api('POST', `/projects/${project.id}/images/from-url`, { json: { url: args.photo } });
  } else {
    const form = new FormData();
    form.append(
      'files',
      new Blob([await readFile(args.photo)], { type: 'image/jpeg' }),
      basename(args.photo),
    );
    images = await api('POST', `/projects/${project.id}/images`, { form });
  }
  const [image] = (await images.json()).images;
  log('image', { id: image.id, width: image.width, height: image.height });

  const order = await api('POST', `/projects/${project.id}/decorations`, {
    json: { items: [{ imageId: image.id, roomType: args.room, style: args.style, type: 'automatic' }] },
  });
  const { decorations, balance } = await order.json();
  const decorationId = decorations[0].id;
  log('ordered', { decorationId, balance });

  let decoration;
  if (receiver) {
    const event = await receiver.eventFor(decorationId);
    if (event.type !== 'decoration.ready') throw new Error(`the decoration ended as ${event.type}`);
    decoration = await (await api('GET', `/decorations/${decorationId}`)).json();
  } else {
    for (;;) {
      decoration = await (await api('GET', `/decorations/${decorationId}`)).json();
      if (decoration.state !== 'pending') break;
      if (Date.now() > deadline) throw new Error('the decoration did not finish in time');
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
  if (decoration.state !== 'ready') throw new Error(`the decoration ended as ${decoration.state}`);
  log('ready', { decorationId, resultUrl: decoration.resultUrl });

  const file = Buffer.from(await (await api('GET', `/decorations/${decorationId}/download`)).arrayBuffer());
  await writeFile(args.out, file);
  log('downloaded', { file: args.out, bytes: file.length });
} finally {
  await receiver?.close();
}
