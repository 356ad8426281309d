import {
  PACK_CODES,
  PLAN_CODES,
  packListSchema,
  planListSchema,
  type PackList,
  type PlanCode,
  type PlanList,
} from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../../test/harness';
import { RELAXED_LIMITS, call, signUp } from '../../../test/fixtures';
import { Billing1795319958905, seedCatalogue } from '../../infra/database/migrations/1795319958905-billing';
import { Payments1795319958920 } from '../../infra/database/migrations/1795319958920-payments';
import { BillingFlows1795319958930 } from '../../infra/database/migrations/1795319958930-billing-flows';
import { StaffConsole1795319959800 } from '../../infra/database/migrations/1795319959800-staff-console';
import { NO_PLAN_RIGHTS, PlanRights } from './plan-rights.service';

describe('billing catalogue and plan rights', () => {
  let t: TestApp;
  let db: DataSource;
  let rights: PlanRights;
  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    db = t.app.get(DataSource);
    rights = t.app.get(PlanRights);
  });
  afterAll(() => t.close());

  const count = async (table: 'plans' | 'packs' | 'coupons'): Promise<number> =>
    ((await db.query(`SELECT count(*)::int AS n FROM ${table}`)) as { n: number }[])[0].n;

  const subscribe = (
    userId: string,
    plan: PlanCode,
    status: string,
    periodEnd: string,
    runner: Pick<DataSource, 'query'> = db,
  ): Promise<unknown> =>
    runner.query(
      `INSERT INTO subscriptions (user_id, plan_code, cycle, status, current_period_end, cancel_at_period_end)
       VALUES ($1, $2, 'monthly', $3, now() + $4::interval, false)`,
      [userId, plan, status, periodEnd],
    );

  describe('GET billing/plans', () => {
    it('answers every plan to anyone, in order, monthly and annual prices in integer cents EUR', async () => {
      const res = await call<PlanList>(t, 'GET', 'billing/plans');
      expect(res.status).toBe(200);
      const plans = planListSchema.parse(res.body);
      expect(plans.map((p) => p.code)).toEqual([...PLAN_CODES]);
      for (const plan of plans) {
        expect(plan.currency).toBe('EUR');
        expect(Number.isInteger(plan.monthlyPriceCents) && plan.monthlyPriceCents > 0).toBe(true);
        expect(Number.isInteger(plan.annualPriceCents) && plan.annualPriceCents > 0).toBe(true);
        // annual is about two months free
        expect(plan.annualPriceCents).toBe(plan.monthlyPriceCents * 10);
        expect(plan.includedDecorations).toBeGreaterThan(0);
      }
      const monthly = plans.map((p) => p.monthlyPriceCents);
      expect([...monthly].sort((a, b) => a - b)).toEqual(monthly);
    });

    it('carries the spec rights as data', async () => {
      const plans = planListSchema.parse((await call(t, 'GET', 'billing/plans')).body);
      const byCode = Object.fromEntries(plans.map((p) => [p.code, p.rights]));
      expect(byCode.STARTER).toMatchObject({ watermark: true, extraEditOptions: false, apiAccess: false });
      expect(byCode.PRO).toEqual({
        watermark: false,
        extraEditOptions: true,
        unlimitedEditing: true,
        allRoomsAndStyles: true,
        descriptionsPerMonth: 16,
        apiAccess: false,
        customLimits: false,
      });
      expect(byCode.ULTIMATE).toMatchObject({ watermark: false, extraEditOptions: true, apiAccess: true });
      expect(byCode.ULTIMATE.customLimits).toBe(false);
      expect(byCode.BUSINESS).toMatchObject({
        apiAccess: true,
        customLimits: true,
        descriptionsPerMonth: null,
      });
    });

    it('follows the data: sort order and withdrawn plans', async () => {
      await db.query(`UPDATE plans SET sort_order = 0 WHERE code = 'ULTIMATE'`);
      await db.query(`UPDATE plans SET active = false WHERE code = 'STARTER'`);
      try {
        const plans = planListSchema.parse((await call(t, 'GET', 'billing/plans')).body);
        expect(plans.map((p) => p.code)).toEqual(['ULTIMATE', 'PRO', 'BUSINESS']);
      } finally {
        await seedCatalogue(db);
      }
      const plans = planListSchema.parse((await call(t, 'GET', 'billing/plans')).body);
      expect(plans.map((p) => p.code)).toEqual([...PLAN_CODES]);
    });
  });

  describe('GET billing/packs', () => {
    it('answers every pack to anyone, in order, with credits, cents and properties band', async () => {
      const res = await call<PackList>(t, 'GET', 'billing/packs');
      expect(res.status).toBe(200);
      const packs = packListSchema.parse(res.body);
      expect(packs.map((p) => p.code)).toEqual([...PACK_CODES]);
      expect(packs.map((p) => p.properties)).toEqual(['1-2', '2-5', '5-20', '20+']);
      for (const pack of packs) {
        expect(pack.currency).toBe('EUR');
        expect(Number.isInteger(pack.priceCents) && pack.priceCents > 0).toBe(true);
      }
      // bigger packs: more credits, each credit cheaper
      const perCredit = packs.map((p) => p.priceCents / p.credits);
      expect([...perCredit].sort((a, b) => b - a)).toEqual(perCredit);
      const credits = packs.map((p) => p.credits);
      expect([...credits].sort((a, b) => a - b)).toEqual(credits);
    });
  });

  describe('PlanRights', () => {
    it('gives the no-plan rights to a user without a subscription', async () => {
      const { user } = await signUp(t);
      expect(await rights.forUser(user.id)).toEqual(NO_PLAN_RIGHTS);
      expect(NO_PLAN_RIGHTS).toMatchObject({ watermark: true, extraEditOptions: false, apiAccess: false });
    });

    it.each(PLAN_CODES)('gives %s subscribers the rights stored on the plan', async (code) => {
      const { user } = await signUp(t);
      await subscribe(user.id, code, 'active', '30 days');
      const plan = planListSchema
        .parse((await call(t, 'GET', 'billing/plans')).body)
        .find((p) => p.code === code);
      expect(await rights.forUser(user.id)).toEqual({ planCode: code, ...plan?.rights });
    });

    it('counts trialing as active; expired, canceled and unpaid subscriptions give no-plan rights', async () => {
      const { user: trial } = await signUp(t);
      await subscribe(trial.id, 'PRO', 'trialing', '7 days');
      expect(await rights.forUser(trial.id)).toMatchObject({ planCode: 'PRO', watermark: false });

      const { user: expired } = await signUp(t);
      await subscribe(expired.id, 'ULTIMATE', 'active', '-1 second');
      expect(await rights.forUser(expired.id)).toEqual(NO_PLAN_RIGHTS);

      const { user: canceled } = await signUp(t);
      await subscribe(canceled.id, 'BUSINESS', 'canceled', '20 days');
      expect(await rights.forUser(canceled.id)).toEqual(NO_PLAN_RIGHTS);

      const { user: unpaid } = await signUp(t);
      await subscribe(unpaid.id, 'PRO', 'past_due', '20 days');
      await subscribe(unpaid.id, 'PRO', 'unpaid', '20 days');
      expect(await rights.forUser(unpaid.id)).toEqual(NO_PLAN_RIGHTS);
    });

    it('reads the plan data inside the caller’s transaction, never the plan name', async () => {
      const { user } = await signUp(t);
      await db
        .transaction(async (m) => {
          await subscribe(user.id, 'PRO', 'active', '30 days', m);
          await m.query(`UPDATE plans SET watermark = true, descriptions_per_month = 3 WHERE code = 'PRO'`);
          expect(await rights.forUser(user.id, m)).toMatchObject({
            planCode: 'PRO',
            watermark: true,
            descriptionsPerMonth: 3,
          });
          throw new Error('rollback');
        })
        .catch((error: Error) => expect(error.message).toBe('rollback'));
      expect(await rights.forUser(user.id)).toEqual(NO_PLAN_RIGHTS);
    });

    it('keeps serving a plan withdrawn from sale to its subscribers', async () => {
      const { user } = await signUp(t);
      await subscribe(user.id, 'ULTIMATE', 'active', '30 days');
      await db.query(`UPDATE plans SET active = false WHERE code = 'ULTIMATE'`);
      try {
        expect(await rights.forUser(user.id)).toMatchObject({ planCode: 'ULTIMATE', apiAccess: true });
      } finally {
        await seedCatalogue(db);
      }
    });
  });

  describe('seed and schema', () => {
    it('seeds idempotently: twice gives the same rows, restores prices, keeps coupon redemptions', async () => {
      await db.query(`UPDATE plans SET monthly_price_cents = 1 WHERE code = 'PRO'`);
      await db.query(`UPDATE coupons SET times_redeemed = 7 WHERE code = 'BIENVENIDA10'`);
      await seedCatalogue(db);
      await seedCatalogue(db);
      expect([await count('plans'), await count('packs'), await count('coupons')]).toEqual([4, 4, 1]);
      const [pro] = (await db.query(`SELECT monthly_price_cents FROM plans WHERE code = 'PRO'`)) as {
        monthly_price_cents: number;
      }[];
      expect(pro.monthly_price_cents).toBe(4900);
      const [coupon] = (await db.query(`SELECT times_redeemed FROM coupons WHERE code = 'BIENVENIDA10'`)) as {
        times_redeemed: number;
      }[];
      expect(coupon.times_redeemed).toBe(7);
    });

    it('migrates down and up again to the same catalogue', async () => {
      const runner = db.createQueryRunner();
      await runner.connect();
      await runner.startTransaction();
      try {
        // The later billing migrations depend on the catalogue: down in reverse order, up in order.
        const later = [
          new Payments1795319958920(),
          new BillingFlows1795319958930(),
          new StaffConsole1795319959800(),
        ];
        for (const m of [...later].reverse()) await m.down(runner);
        const migration = new Billing1795319958905();
        await migration.down(runner);
        const [gone] = (await runner.query(`SELECT to_regclass('plans') AS t`)) as { t: string | null }[];
        expect(gone.t).toBeNull();
        await migration.up(runner);
        for (const m of later) await m.up(runner);
        await seedCatalogue(runner);
        const counts = (await runner.query(
          `SELECT (SELECT count(*) FROM plans)::int AS plans, (SELECT count(*) FROM packs)::int AS packs,
                  (SELECT count(*) FROM coupons)::int AS coupons`,
        )) as { plans: number; packs: number; coupons: number }[];
        expect(counts[0]).toEqual({ plans: 4, packs: 4, coupons: 1 });
      } finally {
        await runner.rollbackTransaction();
        await runner.release();
      }
    });

    it('refuses a coupon with both or neither discount, or redeemed past its limit', async () => {
      const insert = (percent: number | null, amount: number | null, max: number | null, redeemed = 0) =>
        db
          .query(
            `INSERT INTO coupons (code, percent_off, amount_off_cents, max_redemptions, times_redeemed)
             VALUES ($1, $2, $3, $4, $5)`,
            [`T${Date.now()}${Math.round(Math.random() * 1e6)}`, percent, amount, max, redeemed],
          )
          .then(
            () => 'ok',
            (error: { code?: string }) => error.code,
          );
      expect(await insert(10, 500, null)).toBe('23514');
      expect(await insert(null, null, null)).toBe('23514');
      expect(await insert(null, 500, 2, 3)).toBe('23514');
      expect(await insert(15, null, 100)).toBe('ok');
      expect(await insert(null, 1000, null)).toBe('ok');
    });
  });
});
