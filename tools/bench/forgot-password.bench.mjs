// Can "forgot password" tell whether an e-mail has an account by how long it takes? The real product
// (compiled API, ROLE=api so no queue worker shares the process) answers GET user/forgotPassword/<email>
// for a registered e-mail and for unknown ones; the request only validates, counts the rate limits and
// enqueues `password-reset.send`, so both medians should match (a ratio near 1.00x).
import { randomBytes } from 'node:crypto';
import { bootProduct, signUpCustomer } from './lib.mjs';

export const title =
  'forgotPassword: a registered e-mail vs an unknown one (median ratio near 1 = no timing leak)';

const many = '1000000';

export async function setup({ defer, log }) {
  const product = await bootProduct({
    defer,
    log,
    env: { ROLE: 'api', RATE_LIMIT_RESET_PER_IP: many, RATE_LIMIT_RESET_PER_EMAIL: many },
  });
  const { email } = await signUpCustomer(product);
  log('ROLE=api: reset jobs wait in Redis unworked (removed with the prefix at the end)');
  return { ...product, email };
}

export function groups({ base, email }) {
  const forgot = async (address) => {
    const res = await fetch(`${base}/data/user/forgotPassword/${encodeURIComponent(address)}`);
    const body = await res.text();
    if (res.status !== 200) throw new Error(`forgotPassword answered ${res.status}: ${body.slice(0, 200)}`);
  };
  // A fresh unknown address each call, as an attacker probing a list would send.
  const unknown = () => `nobody-${randomBytes(6).toString('hex')}@bench.local`;
  return [
    {
      title: 'one request at a time',
      baseline: { name: 'unknown e-mail', fn: () => forgot(unknown()) },
      cases: [{ name: 'registered e-mail', fn: () => forgot(email) }],
      runs: 400,
      maxMs: 15000,
      warmup: 30,
      rounds: 2,
      onResults: (rows) => {
        const [unknownRow, knownRow] = rows;
        console.log(
          `\n  median known ${knownRow.median.toFixed(2)} ms vs unknown ${unknownRow.median.toFixed(2)} ms: ` +
            `ratio ${(knownRow.median / unknownRow.median).toFixed(2)}x`,
        );
      },
    },
  ];
}
