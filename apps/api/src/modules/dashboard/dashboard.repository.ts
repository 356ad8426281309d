import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AdminDashboard } from '@estancia/contracts';
import type { DataSource } from 'typeorm';

/**
 * The period: the last `$2` days up to today, as calendar days in the time zone `$1`. `since` is the
 * first day's midnight there, so every range below is a plain comparison an index on created_at can serve.
 */
const PERIOD = `
  bounds AS (
    SELECT (now() AT TIME ZONE $1)::date - ($2::int - 1) AS first_day, (now() AT TIME ZONE $1)::date AS last_day
  ),
  since AS (SELECT (first_day::timestamp AT TIME ZONE $1) AS at FROM bounds)`;

/** A timestamp's calendar day in the business time zone. */
const DAY = (column: string) => `(${column} AT TIME ZONE $1)::date`;

/** What a payment paid for, as the dashboard names it: `pack:<code>`, `plan:<code>` or the payment's kind. */
const PRODUCT = `CASE p.kind
    WHEN 'pack' THEN COALESCE('pack:' || s.pack_code, 'pack')
    WHEN 'subscription' THEN COALESCE('plan:' || p.plan_code, 'subscription')
    ELSE p.kind END`;

/** Credits spent on decorations and descriptions: spends are negative, their refunds positive. */
const SPENDING_REASONS = `'decoration', 'description', 'decoration_refund'`;

/**
 * Credits given for nothing paid, besides staff grants (positive `admin_adjustment`): the sign-up gift and
 * referral rewards, net of the rewards taken back when the purchase that earned them was refunded.
 */
const GIFT_REASONS = `'signup_bonus', 'referral_reward', 'referral_reward_reversed'`;

interface DayRow {
  date: string;
  signups: number;
  revenue_cents: string;
  credits_sold: string;
  credits_granted: string;
  credits_spent: string;
  automatic: number;
  supervised: number;
}

/** The admins' dashboard figures, in three grouped queries whatever the number of days. */
@Injectable()
export class DashboardRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async figures(days: number, timeZone: string): Promise<AdminDashboard> {
    const params = [timeZone, days];
    const [perDay, byProduct, [totals]] = await Promise.all([
      this.dataSource.query(this.perDaySql(), params) as Promise<DayRow[]>,
      this.dataSource.query(
        `WITH ${PERIOD}
         SELECT product, count(*) FILTER (WHERE payment)::int AS payments, sum(cents)::bigint AS revenue_cents
           FROM (
             SELECT ${PRODUCT} AS product, p.amount_cents AS cents, true AS payment
               FROM payments p LEFT JOIN checkout_sessions s ON s.id = p.session_id, since
              WHERE p.created_at >= since.at
             UNION ALL
             -- a refund counts against the product of the payment it refunds, on the day it was made
             SELECT ${PRODUCT}, -r.amount_cents, false
               FROM payment_refunds r JOIN payments p ON p.id = r.payment_id
               LEFT JOIN checkout_sessions s ON s.id = p.session_id, since
              WHERE r.created_at >= since.at
           ) x
          GROUP BY product ORDER BY revenue_cents DESC, product`,
        params,
      ) as Promise<{ product: string; payments: number; revenue_cents: string }[]>,
      this.dataSource.query(
        `WITH ${PERIOD}
         SELECT (SELECT count(*)::int FROM active_subscriptions) AS subscribers,
                -- a customer whose every payment of the period was refunded in full paid nothing
                (SELECT count(DISTINCT p.user_id)::int FROM payments p, since
                  WHERE p.created_at >= since.at AND p.user_id IS NOT NULL
                    AND p.amount_cents > COALESCE(
                      (SELECT sum(r.amount_cents) FROM payment_refunds r WHERE r.payment_id = p.id), 0)
                ) AS paying_customers,
                (SELECT count(*)::int FROM reviews r JOIN decorations d ON d.id = r.decoration_id
                  WHERE r.state <> 'delivered' AND d.state <> 'failed') AS review_queue_depth`,
        params,
      ) as Promise<{ subscribers: number; paying_customers: number; review_queue_depth: number }[]>,
    ]);
    return {
      days: perDay.map((row) => ({
        date: row.date,
        signups: row.signups,
        revenueCents: Number(row.revenue_cents),
        creditsSold: Number(row.credits_sold),
        creditsGranted: Number(row.credits_granted),
        creditsSpent: Number(row.credits_spent),
        automatic: row.automatic,
        supervised: row.supervised,
      })),
      revenueByProduct: byProduct.map((row) => ({
        product: row.product,
        payments: row.payments,
        revenueCents: Number(row.revenue_cents),
      })),
      subscribers: totals.subscribers,
      payingCustomers: totals.paying_customers,
      reviewQueueDepth: totals.review_queue_depth,
    };
  }

  /** One row per day of the period (oldest first), each figure grouped by day once and joined in. */
  private perDaySql(): string {
    return `
      WITH ${PERIOD},
      days AS (
        SELECT d::date AS day FROM bounds, generate_series(first_day, last_day, interval '1 day') d
      ),
      signups AS (
        SELECT ${DAY('u.created_at')} AS day, count(*)::int AS n
          FROM users u, since WHERE u.created_at >= since.at AND u.role = 'customer' GROUP BY 1
      ),
      paid AS (
        SELECT ${DAY('p.created_at')} AS day, sum(p.amount_cents) AS cents, sum(p.credits) AS credits
          FROM payments p, since WHERE p.created_at >= since.at GROUP BY 1
      ),
      refunded AS (
        SELECT ${DAY('r.created_at')} AS day, sum(r.amount_cents) AS cents
          FROM payment_refunds r, since WHERE r.created_at >= since.at GROUP BY 1
      ),
      credits AS (
        SELECT ${DAY('l.created_at')} AS day,
               sum(l.delta) FILTER (WHERE (l.reason = 'admin_adjustment' AND l.delta > 0) OR l.reason IN (${GIFT_REASONS}))
                 AS granted,
               -sum(l.delta) FILTER (WHERE l.reason IN (${SPENDING_REASONS})) AS spent
          FROM ledger_entries l, since
         WHERE l.created_at >= since.at AND l.reason IN ('admin_adjustment', ${GIFT_REASONS}, ${SPENDING_REASONS})
         GROUP BY 1
      ),
      ordered AS (
        SELECT ${DAY('d.created_at')} AS day,
               count(*) FILTER (WHERE d.type = 'automatic')::int AS automatic,
               count(*) FILTER (WHERE d.type = 'supervised')::int AS supervised
          FROM decorations d, since WHERE d.created_at >= since.at GROUP BY 1
      )
      SELECT to_char(days.day, 'YYYY-MM-DD') AS date,
             COALESCE(signups.n, 0) AS signups,
             (COALESCE(paid.cents, 0) - COALESCE(refunded.cents, 0))::bigint AS revenue_cents,
             COALESCE(paid.credits, 0)::bigint AS credits_sold,
             COALESCE(credits.granted, 0)::bigint AS credits_granted,
             COALESCE(credits.spent, 0)::bigint AS credits_spent,
             COALESCE(ordered.automatic, 0) AS automatic,
             COALESCE(ordered.supervised, 0) AS supervised
        FROM days
        LEFT JOIN signups USING (day)
        LEFT JOIN paid USING (day)
        LEFT JOIN refunded USING (day)
        LEFT JOIN credits USING (day)
        LEFT JOIN ordered USING (day)
       ORDER BY days.day`;
  }
}
