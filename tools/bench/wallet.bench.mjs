// What a credit spend costs in PostgreSQL, as the wallet does it
// (apps/api/src/modules/wallet/wallet.service.ts): advisory lock on the idempotency key, prior-key
// lookup, conditional UPDATE + ledger INSERT in one CTE, all in one transaction. Baseline: the bare
// conditional UPDATE in a transaction, with no ledger and no idempotency.
//
// The wallet's SQL is not copied: the spend cases call the compiled WalletService (apps/api/dist),
//   - "spend, service SQL on pg": through its `manager` parameter, on the same `pg` pool as the
//     baseline, so the difference is the service's statements and nothing else;
//   - "spend, WalletService on TypeORM": its own path (dataSource.transaction), what the API runs,
//     minus the socket push after the commit (stubbed out here).
// Groups: one caller; 50 concurrent callers each on its own wallet; 50 concurrent callers all on one
// hot wallet (the row lock serialises them from the UPDATE to the COMMIT); 50 concurrent callers
// spread round-robin over 1000 wallets. Each path (bare, pg, TypeORM) has its own 1000 wallets, so the
// cases never share a row. The ledger is checked against the balances at the end.
//
// Server: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432 (only the
// server is used: the bench creates, migrates and drops its own `estancia_bench_<random>` database).
import { randomBytes } from 'node:crypto';
import { apiRequire, BenchAbort, formatMs, formatOps, printTable, requireApi } from './lib.mjs';

export const title = 'credit spend (WalletService) vs bare conditional UPDATE, PostgreSQL';

const CLIENTS = 50; // concurrent callers
const WALLETS = 1000; // wallets per path for the spread group; the first CLIENTS are the callers' own
const POOL = 10; // connections in each pool
const START_BALANCE = 1_000_000; // never runs out: every spend in the bench succeeds
const BARE_UPDATE = 'UPDATE wallets SET balance = balance - 1 WHERE user_id = $1 AND balance >= 1';

function serverUrl(database) {
  const url = new URL(
    process.env.BENCH_DATABASE_URL ??
      process.env.DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres',
  );
  url.pathname = `/${database}`;
  return url.toString();
}

/** BEGIN ... COMMIT on one pooled connection, ROLLBACK when `work` throws. */
async function inTransaction(pool, work) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The slice of TypeORM's EntityManager that WalletService uses inside a caller's transaction:
 * `query` resolving to the rows (as TypeORM's postgres driver does for SELECT and INSERT ... RETURNING)
 * and an active query runner.
 */
const managerOn = (client) => ({
  query: async (sql, params) => (await client.query(sql, params)).rows,
  queryRunner: { isTransactionActive: true },
});

async function onServer(sql) {
  const { Client } = apiRequire('pg');
  const client = new Client({ connectionString: serverUrl('postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function setup({ defer, log }) {
  const { migrate, dataSourceOptions } = requireApi('dist/infra/database/data-source.js');
  const { WalletService } = requireApi('dist/modules/wallet/wallet.service.js');
  const { Pool } = apiRequire('pg');
  const { DataSource } = apiRequire('typeorm');

  const name = `estancia_bench_${randomBytes(6).toString('hex')}`;
  try {
    await onServer(`CREATE DATABASE "${name}"`);
  } catch (error) {
    throw new BenchAbort(
      `cannot create a database on ${new URL(serverUrl(name)).host} (${error.message}); ` +
        'start PostgreSQL or set BENCH_DATABASE_URL to a server where this user may create databases',
    );
  }
  defer(async () => {
    await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    log(`dropped database ${name}`);
  });
  const url = serverUrl(name);
  const t0 = performance.now();
  const ran = await migrate(url);
  log(
    `created ${name} on ${new URL(url).host}, ${ran.length} migrations in ${Math.round(performance.now() - t0)} ms`,
  );

  const pool = new Pool({ connectionString: url, max: POOL });
  pool.on('error', () => {}); // an idle connection closed by the server: the next call reports it
  defer(() => pool.end());
  const dataSource = new DataSource({ ...dataSourceOptions(url), extra: { max: POOL } });
  await dataSource.initialize();
  defer(() => dataSource.destroy());
  // announce() after each commit loads the user payload and pushes it to sockets: not the wallet's cost.
  const payloads = { load: async () => null };
  const realtime = { toUser: () => {} };
  const wallet = new WalletService(dataSource, payloads, realtime);

  const { rows } = await pool.query(
    `INSERT INTO users (email, referral_code)
     SELECT 'bench-' || n || '@bench.local', 'BENCH' || n FROM generate_series(1, $1) AS n RETURNING id`,
    [3 * WALLETS],
  );
  const ids = rows.map((r) => r.id);
  const ctx = {
    pool,
    wallet,
    bare: ids.slice(0, WALLETS), // moved only by the bare UPDATE: no ledger
    viaPg: ids.slice(WALLETS, 2 * WALLETS),
    viaOrm: ids.slice(2 * WALLETS),
    run: randomBytes(4).toString('hex'),
    keys: 0, // the next idempotency key
    spends: 0, // spends that moved credits (warm-up included)
    bareUpdates: 0, // rows the baseline moved (warm-up included), checked against the balances
    figures: {}, // 'hot' and 'spread' -> their rows, for the summary in after()
  };
  await pool.query('INSERT INTO wallets (user_id, balance) SELECT unnest($1::uuid[]), $2', [
    ctx.bare,
    START_BALANCE,
  ]);
  // Funded through the service so every wallet's ledger sums to its balance; POOL at a time.
  const funded = [...ctx.viaPg, ...ctx.viaOrm];
  let next = 0;
  const funder = async () => {
    while (next < funded.length) {
      const id = funded[next++];
      await inTransaction(pool, (c) =>
        wallet.grant(id, START_BALANCE, 'admin_adjustment', `bench:grant:${id}`, managerOn(c)),
      );
    }
  };
  await Promise.all(Array.from({ length: POOL }, funder));
  log(
    `${ids.length} users: ${WALLETS} for the baseline, ${funded.length} funded through WalletService.grant`,
  );
  return ctx;
}

export function groups(ctx) {
  const counted = (change) => {
    if (change.replayed) throw new Error('a fresh idempotency key was replayed');
    ctx.spends++;
  };
  const key = () => `bench:spend:${ctx.run}:${ctx.keys++}`;
  // `pick(worker, index)` chooses the wallet of a call among the path's WALLETS.
  const paths = (pick) => ({
    baseline: {
      name: 'bare UPDATE in a transaction',
      fn: (w, i) =>
        inTransaction(ctx.pool, async (c) => {
          const { rowCount } = await c.query(BARE_UPDATE, [ctx.bare[pick(w, i)]]);
          if (rowCount !== 1) throw new Error('the bare UPDATE changed no row');
          ctx.bareUpdates++;
        }),
    },
    cases: [
      {
        name: 'spend, service SQL on pg',
        fn: (w, i) =>
          inTransaction(ctx.pool, async (c) =>
            counted(await ctx.wallet.spend(ctx.viaPg[pick(w, i)], 1, 'decoration', key(), managerOn(c))),
          ),
      },
      {
        name: 'spend, WalletService on TypeORM',
        fn: async (w, i) => counted(await ctx.wallet.spend(ctx.viaOrm[pick(w, i)], 1, 'decoration', key())),
      },
    ],
  });
  const keep = (group) => (rows) => {
    ctx.figures[group] = rows;
  };
  const concurrent = { concurrency: CLIENTS, runs: 6000, maxMs: 5000, warmup: 500 };
  const hot = `one hot wallet: ${CLIENTS} concurrent callers on the same wallet, pools of ${POOL}`;
  const spread = `spread over ${WALLETS} wallets: ${CLIENTS} concurrent callers, round-robin, pools of ${POOL}`;
  return [
    {
      title: 'sequential: one caller',
      ...paths((w) => w),
      runs: 1500,
      maxMs: 3000,
      warmup: 100,
    },
    {
      title: `${CLIENTS} concurrent callers, each on its own wallet, pools of ${POOL} connections`,
      note: 'latency is what each caller sees, including its wait for a free connection',
      ...paths((w) => w),
      ...concurrent,
    },
    {
      title: hot,
      note:
        'the row lock serialises the spends from the UPDATE to the COMMIT; ' +
        'latency includes the wait for a connection and for the lock',
      ...paths(() => 0),
      ...concurrent,
      onResults: keep('hot'),
    },
    {
      title: spread,
      note: `call i spends from wallet i mod ${WALLETS}: the calls in flight practically never share a wallet`,
      ...paths((w, i) => i % WALLETS),
      ...concurrent,
      onResults: keep('spread'),
    },
  ];
}

/** Issue 4's figures side by side: spends per second and p99 on one hot wallet and spread out. */
function printSummary(ctx, log) {
  const { hot, spread } = ctx.figures;
  if (!hot || !spread) return;
  log('');
  log(`summary, ${CLIENTS} concurrent callers:`);
  printTable(
    ['case', 'hot: spends/s', 'hot: p99 ms', `${WALLETS} wallets: spends/s`, `${WALLETS} wallets: p99 ms`],
    hot.map((row, i) => [
      row.name,
      formatOps(row.opsPerSec),
      formatMs(row.p99),
      formatOps(spread[i].opsPerSec),
      formatMs(spread[i].p99),
    ]),
    ['l', 'r', 'r', 'r', 'r'],
  );
}

export async function after(ctx, { log }) {
  printSummary(ctx, log);
  const { rows } = await ctx.pool.query(
    `SELECT count(*)::int AS wallets,
            count(*) FILTER (WHERE w.balance <> COALESCE(l.total, 0))::int AS mismatched,
            COALESCE(sum(l.entries), 0)::int AS entries,
            COALESCE(sum(l.debits), 0)::int AS debits,
            sum(w.balance)::float8 AS balance,
            COALESCE(sum(l.total), 0)::float8 AS ledger
       FROM wallets w
       LEFT JOIN (SELECT user_id, sum(delta) AS total, count(*) AS entries,
                         count(*) FILTER (WHERE delta < 0) AS debits
                    FROM ledger_entries GROUP BY user_id) l USING (user_id)
      WHERE w.user_id = ANY($1::uuid[])`,
    [[...ctx.viaPg, ...ctx.viaOrm]],
  );
  const r = rows[0];
  const grants = ctx.viaPg.length + ctx.viaOrm.length;
  log('');
  log(
    `ledger check: ${r.wallets} wallets moved by WalletService, balances total ${r.balance}, ` +
      `ledger total ${r.ledger}, ${r.mismatched} wallet(s) where the ledger does not sum to the balance`,
  );
  log(
    `              ${r.entries} ledger entries = ${grants} grants + ${r.debits} spends ` +
      `(the bench made ${ctx.spends} spends)`,
  );
  const ok =
    r.wallets === grants &&
    r.mismatched === 0 &&
    r.balance === r.ledger &&
    r.debits === ctx.spends &&
    r.entries === grants + ctx.spends;
  if (!ok) throw new Error('ledger check FAILED: the ledger does not match the balances');
  log('ledger check: OK, the ledger sums to the balance in every wallet');

  // The baseline has no ledger: its wallets must have lost exactly one credit per UPDATE it counted.
  const [bare] = (
    await ctx.pool.query(
      `SELECT sum(balance)::float8 AS balance, min(balance)::float8 AS lowest
         FROM wallets WHERE user_id = ANY($1::uuid[])`,
      [ctx.bare],
    )
  ).rows;
  const expected = ctx.bare.length * START_BALANCE - ctx.bareUpdates;
  log(
    `baseline check: ${ctx.bareUpdates} bare UPDATEs, balances total ${bare.balance} (expected ${expected})`,
  );
  if (bare.balance !== expected || bare.lowest < 0)
    throw new Error('baseline check FAILED: the bare UPDATEs did not move one credit each');
}
