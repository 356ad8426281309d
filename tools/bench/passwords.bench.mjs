// What a password costs: argon2id hashing and verification exactly as the API does them (the compiled
// apps/api/src/modules/identity/passwords.ts: `hashPassword` at register and password change,
// `passwordMatches` at every login, including the decoy verification for an unknown e-mail), against
// a baseline of one SHA-256 of the same password.
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { requireApi } from './lib.mjs';

export const title = 'argon2id as the API uses it (passwords.ts) vs one SHA-256';

const PASSWORD = 'correct horse battery staple';
// libuv's thread pool runs argon2 off the event loop: 4 threads unless UV_THREADPOOL_SIZE says otherwise.
const THREADS = Number(process.env.UV_THREADPOOL_SIZE) || 4;

export async function setup({ log }) {
  const { hashPassword, passwordMatches } = requireApi('dist/modules/identity/passwords.js');
  const hash = await hashPassword(PASSWORD);
  await passwordMatches(null, PASSWORD); // builds the decoy hash once, as the first login after boot does
  // $argon2id$v=19$m=65536,t=3,p=4$salt$hash: the parameters travel inside every stored hash.
  const [, type, version, params] = hash.split('$');
  const { m, t, p } = Object.fromEntries(params.split(',').map((kv) => kv.split('=')));
  log(
    `parameters from a fresh hash: ${type} ${version}, memory ${Number(m) / 1024} MiB (m=${m}), t=${t}, p=${p}`,
  );
  log(`machine: ${availableParallelism()} cores, libuv thread pool of ${THREADS}`);
  return { hash, hashPassword, passwordMatches };
}

export function groups({ hash, hashPassword, passwordMatches }) {
  const baseline = {
    name: 'one SHA-256',
    fn: () => createHash('sha256').update(PASSWORD).digest('hex'),
    runs: 2000,
    warmup: 200,
  };
  const check = (expected) => (ok) => {
    if (ok !== expected) throw new Error(`passwordMatches answered ${ok}, expected ${expected}`);
  };
  const login = {
    name: 'passwordMatches, right password (login)',
    fn: () => passwordMatches(hash, PASSWORD).then(check(true)),
  };
  return [
    {
      title: 'sequential: one request at a time',
      baseline,
      cases: [
        { name: 'hashPassword (register, change)', fn: () => hashPassword(PASSWORD) },
        login,
        {
          name: 'passwordMatches, unknown e-mail (decoy)',
          fn: () => passwordMatches(null, PASSWORD).then(check(false)),
        },
      ],
      runs: 15,
      maxMs: 2500,
      warmup: 1,
    },
    {
      title: `${THREADS} logins at once: what this machine sustains`,
      note: `the login row's ops/s: logins per second one process checks with ${THREADS} in flight`,
      baseline,
      cases: [login],
      concurrency: THREADS,
      runs: 32,
      maxMs: 4000,
      warmup: THREADS,
      rounds: 1,
    },
  ];
}
