// The staff console's busiest lists with 100 000 rows each: customers (users), payments and the audit log, first
// page sorted and filtered, through the real product (apps/api/dist, ROLE=all) with an admin's token, as
// react-admin asks for them (sort, range, filter). Beside each, in the same run: the bare indexed SELECT of the same
// first page on `pg` (baseline), so the ratio is what the API adds (HTTP, auth, the count, the joins).
import { apiRequire, bootProduct, serverUrl, signUpCustomer } from './lib.mjs';

export const title =
  'staff console lists (customers, payments, audit log) at 100 000 rows vs a bare indexed SELECT';

const ROWS = 100_000;
const RUNS = 60;

export async function setup({ defer, log }) {
  const product = await bootProduct({ defer, log });
  const { db, base } = product;
  const admin = await signUpCustomer(product, { credits: 1 });
  await db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.user.id]);

  const t0 = performance.now();
  // Customers over the last two years: a third verified, a few blocked, wallets for all.
  await db.query(
    `INSERT INTO users (email, name, role, referral_code, verified_at, created_at, blocked_at)
     SELECT 'bench-' || i || '@example.test', 'Customer ' || i,
            CASE WHEN i % 50 = 0 THEN 'decorator' ELSE 'customer' END,
            'B' || lpad(i::text, 9, '0'),
            CASE WHEN i % 3 = 0 THEN now() - (i % 700) * interval '1 day' END,
            now() - (i % 730) * interval '1 day' - (i % 1440) * interval '1 minute',
            CASE WHEN i % 997 = 0 THEN now() END
       FROM generate_series(1, $1) AS i`,
    [ROWS],
  );
  await db.query(
    `INSERT INTO wallets (user_id, balance) SELECT id, (abs(hashtext(id::text)) % 200) FROM users
      ON CONFLICT (user_id) DO NOTHING`,
  );
  await db.query(
    `INSERT INTO payments (user_id, amount_cents, kind, credits, gateway, invoice_ref, created_at, plan_code, cycle)
     SELECT u.id, 2900 + (i % 5) * 1000,
            CASE WHEN i % 4 = 0 THEN 'subscription' ELSE 'pack' END,
            CASE WHEN i % 4 = 0 THEN 0 ELSE 10 END,
            'sandbox', 'bench_in_' || i,
            now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute',
            CASE WHEN i % 4 = 0 THEN 'PRO' END, CASE WHEN i % 4 = 0 THEN 'monthly' END
       FROM generate_series(1, $1) AS i
       JOIN LATERAL (SELECT id FROM users WHERE email = 'bench-' || (1 + (i * 7) % $1) || '@example.test') u ON true`,
    [ROWS],
  );
  await db.query(
    `INSERT INTO audit_log (actor_id, actor_name, actor_email, action, resource, record_id, before, after, created_at)
     SELECT $2, 'Bench admin', 'admin@example.test',
            (ARRAY['users.block', 'users.credits', 'plans.update', 'payments.refund'])[1 + i % 4],
            (ARRAY['users', 'users', 'plans', 'payments'])[1 + i % 4],
            'record-' || (i % 5000), '{"active": true}'::jsonb, '{"active": false}'::jsonb,
            now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute'
       FROM generate_series(1, $1) AS i`,
    [ROWS, admin.user.id],
  );
  await db.query(`ANALYZE users; ANALYZE wallets; ANALYZE payments; ANALYZE audit_log`);
  log(`seeded ${ROWS} customers, payments and audit rows in ${Math.round(performance.now() - t0)} ms`);

  // The baseline's own pool on the same database, as a bare client would read it.
  const { Pool } = apiRequire('pg');
  const pool = new Pool({ connectionString: serverUrl(db.database), max: 4 });
  pool.on('error', () => {});
  defer(() => pool.end());
  return { base, token: admin.token, pool };
}

const list = (ctx, resource, filter, sort) => async () => {
  const query = new URLSearchParams({
    sort: JSON.stringify(sort),
    range: JSON.stringify([0, 24]),
    filter: JSON.stringify(filter),
  });
  const res = await fetch(`${ctx.base}/data/admin/${resource}?${query}`, {
    headers: { authorization: `Bearer ${ctx.token}` },
  });
  if (!res.ok) throw new Error(`GET admin/${resource}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  const rows = await res.json();
  if (!Array.isArray(rows) || rows.length === 0) throw new Error(`GET admin/${resource}: no rows`);
};

const select = (ctx, sql) => async () => {
  const { rows } = await ctx.pool.query(sql);
  if (rows.length === 0) throw new Error('baseline: no rows');
};

export function groups(ctx) {
  const group = (title, baselineSql, cases) => ({
    title,
    baseline: { name: 'bare indexed SELECT of the page (pg)', fn: select(ctx, baselineSql) },
    cases,
    runs: RUNS,
    warmup: 5,
  });
  return [
    group(
      `customers: GET /data/admin/users, first page of 25 among ${ROWS}`,
      `SELECT u.id, u.email, u.name, w.balance FROM users u LEFT JOIN wallets w ON w.user_id = u.id
        ORDER BY u.created_at DESC, u.id DESC LIMIT 25`,
      [
        { name: 'newest first', fn: list(ctx, 'users', {}, ['createdAt', 'DESC']) },
        {
          name: 'customers, verified, not blocked',
          fn: list(ctx, 'users', { role: 'customer', verified: true, blocked: false }, ['createdAt', 'DESC']),
        },
        {
          name: 'search "customer 4242"',
          fn: list(ctx, 'users', { q: 'customer 4242' }, ['createdAt', 'DESC']),
        },
        { name: 'most credits first', fn: list(ctx, 'users', {}, ['credits', 'DESC']) },
      ],
    ),
    group(
      `payments: GET /data/admin/payments, first page of 25 among ${ROWS}`,
      `SELECT p.id, p.amount_cents, p.kind, p.created_at FROM payments p ORDER BY p.created_at DESC, p.id DESC LIMIT 25`,
      [
        { name: 'newest first', fn: list(ctx, 'payments', {}, ['createdAt', 'DESC']) },
        { name: 'packs only', fn: list(ctx, 'payments', { kind: 'pack' }, ['createdAt', 'DESC']) },
        { name: 'largest first', fn: list(ctx, 'payments', {}, ['amountCents', 'DESC']) },
      ],
    ),
    group(
      `audit log: GET /data/admin/audit-log, first page of 25 among ${ROWS}`,
      `SELECT a.* FROM audit_log a ORDER BY a.created_at DESC, a.id DESC LIMIT 25`,
      [
        { name: 'newest first', fn: list(ctx, 'audit-log', {}, ['createdAt', 'DESC']) },
        {
          name: 'one record (resource + id)',
          fn: list(ctx, 'audit-log', { resource: 'plans', recordId: 'record-42' }, ['createdAt', 'DESC']),
        },
        {
          name: 'one action',
          fn: list(ctx, 'audit-log', { action: 'payments.refund' }, ['createdAt', 'DESC']),
        },
      ],
    ),
  ];
}
