// Can the account calls tell whether an e-mail is registered by how long they take? The real product
// (compiled API, ROLE=api so no queue worker shares the process and the queued mails wait unworked) answers
// register, validation/resend and forgotPassword for a verified account's e-mail and for unknown ones, with
// the per-e-mail limits lifted. The two paths of each call are timed interleaved (a busy machine slows both
// alike) and printed with their medians, p95s and difference: it should stay under 1.5 ms (under 5 % for
// register, where both paths hash the password).
import { randomBytes } from 'node:crypto';
import { bootProduct, formatMs, printTable, signUpCustomer, stopIfInterrupted, summarize } from './lib.mjs';

export const title = 'account calls: a verified e-mail vs an unknown one (the difference should be ~0)';

const many = '1000000';
const PASSWORD = 'Bench-pass-1!';

export async function setup({ defer, log }) {
  const product = await bootProduct({
    defer,
    log,
    env: {
      ROLE: 'api',
      RATE_LIMIT_VALIDATION_PER_EMAIL: many,
      RATE_LIMIT_RESET_PER_IP: many,
      RATE_LIMIT_RESET_PER_EMAIL: many,
    },
  });
  // ROLE=api works no queue: the account is verified with its code read from the outbox row.
  const verified = await signUpCustomer(product, { password: PASSWORD });
  log('ROLE=api: queued mails and jobs wait in Redis unworked (removed with the prefix at the end)');
  return { ...product, email: verified.email };
}

/** Calls the API and insists on the expected status, so a refusal is never timed as an answer. */
const expectStatus = async (promise, status, what) => {
  const res = await promise;
  const body = await res.text();
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${body.slice(0, 200)}`);
};

/**
 * Times the two paths of one call interleaved (ABBA order), so a machine whose load drifts during the run
 * slows both alike; answers the samples of each path.
 */
async function pairedSamples(unknownPath, verifiedPath, { runs, warmup, maxMs }) {
  for (let i = 0; i < warmup; i++) {
    await unknownPath();
    await verifiedPath();
  }
  const samples = { unknown: [], verified: [] };
  const deadline = performance.now() + maxMs;
  for (let i = 0; i < runs && performance.now() < deadline; i++) {
    stopIfInterrupted();
    const order = i % 2 ? ['verified', 'unknown'] : ['unknown', 'verified'];
    for (const path of order) {
      const t0 = performance.now();
      await (path === 'unknown' ? unknownPath() : verifiedPath());
      samples[path].push(performance.now() - t0);
    }
  }
  return samples;
}

export function groups() {
  // The pairs are measured interleaved in `after`, which the shared runner's sequential groups cannot do.
  return [];
}

export async function after({ base, email }, { log }) {
  const post = (path, body) =>
    fetch(`${base}/data/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  // A fresh unknown address each call, as an attacker probing a list would send.
  const unknown = () => `nobody-${randomBytes(6).toString('hex')}@bench.local`;
  const register = (address, status) =>
    expectStatus(
      post('user/register', { name: 'Bench', email: address, password: PASSWORD, acceptTerms: true }),
      status,
      'register',
    );
  const resend = (address) => expectStatus(post('user/validation/resend', { email: address }), 200, 'resend');
  const forgot = (address) =>
    expectStatus(
      fetch(`${base}/data/user/forgotPassword/${encodeURIComponent(address)}`),
      200,
      'forgotPassword',
    );
  const pairs = [
    {
      name: 'register (both hash)',
      unknown: () => register(unknown(), 201),
      verified: () => register(email, 409),
      runs: 31,
      warmup: 3,
      maxMs: 120_000,
    },
    {
      name: 'validation/resend',
      unknown: () => resend(unknown()),
      verified: () => resend(email),
      runs: 301,
      warmup: 30,
      maxMs: 30_000,
    },
    {
      name: 'forgotPassword',
      unknown: () => forgot(unknown()),
      verified: () => forgot(email),
      runs: 301,
      warmup: 30,
      maxMs: 30_000,
    },
  ];
  const rows = [];
  for (const pair of pairs) {
    const samples = await pairedSamples(pair.unknown, pair.verified, pair);
    const [u, v] = [summarize(samples.unknown, 1), summarize(samples.verified, 1)];
    const diff = v.median - u.median;
    rows.push([
      pair.name,
      String(u.runs),
      formatMs(u.median),
      formatMs(u.p95),
      formatMs(v.median),
      formatMs(v.p95),
      `${diff >= 0 ? '+' : ''}${diff.toFixed(2)}`,
      `${((diff / u.median) * 100).toFixed(1)} %`,
    ]);
  }
  console.log('\n  unknown (or new) e-mail vs verified e-mail, interleaved');
  printTable(
    ['call', 'pairs', 'unknown median', 'unknown p95', 'verified median', 'verified p95', 'diff ms', 'diff'],
    rows,
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
  log('aim: |diff| under 1.5 ms, under 5 % for register (both paths hash the password)');
}
