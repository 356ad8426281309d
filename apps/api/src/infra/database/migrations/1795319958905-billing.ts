import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalogue of offers: plans (with their rights as data), credit packs and coupons, seeded
 * here so every database, embedded or production, sells the same things.
 */
export class Billing1795319958905 implements MigrationInterface {
  name = 'Billing1795319958905';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE plans (
        code text PRIMARY KEY CHECK (code IN ('STARTER', 'PRO', 'ULTIMATE', 'BUSINESS')),
        name text NOT NULL,
        monthly_price_cents int NOT NULL CHECK (monthly_price_cents > 0),
        annual_price_cents int NOT NULL CHECK (annual_price_cents > 0),
        included_decorations int NOT NULL CHECK (included_decorations >= 0),
        watermark boolean NOT NULL,
        extra_edit_options boolean NOT NULL,
        unlimited_editing boolean NOT NULL,
        all_rooms_and_styles boolean NOT NULL,
        -- NULL: unlimited
        descriptions_per_month int CHECK (descriptions_per_month >= 0),
        api_access boolean NOT NULL,
        custom_limits boolean NOT NULL,
        sort_order int NOT NULL,
        active boolean NOT NULL DEFAULT true
      )`);
    await q.query(`
      CREATE TABLE packs (
        code text PRIMARY KEY CHECK (code IN ('starter', 'standard', 'premium', 'business')),
        name text NOT NULL,
        credits int NOT NULL CHECK (credits > 0),
        price_cents int NOT NULL CHECK (price_cents > 0),
        properties text NOT NULL,
        sort_order int NOT NULL,
        active boolean NOT NULL DEFAULT true
      )`);
    await q.query(`
      CREATE TABLE coupons (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code text NOT NULL CONSTRAINT coupons_code_key UNIQUE CHECK (code = upper(code) AND code <> ''),
        percent_off int CHECK (percent_off BETWEEN 1 AND 100),
        amount_off_cents int CHECK (amount_off_cents > 0),
        expires_at timestamptz,
        max_redemptions int CHECK (max_redemptions > 0),
        times_redeemed int NOT NULL DEFAULT 0 CHECK (times_redeemed >= 0),
        applies_to text NOT NULL DEFAULT 'any' CHECK (applies_to IN ('pack', 'subscription', 'any')),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT coupons_one_discount CHECK ((percent_off IS NULL) <> (amount_off_cents IS NULL)),
        CONSTRAINT coupons_redemption_limit CHECK (max_redemptions IS NULL OR times_redeemed <= max_redemptions)
      )`);
    await seedCatalogue(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE coupons, packs, plans`);
  }
}

/**
 * Upserts the offers on sale. Safe to run again: prices and rights follow this list, a coupon's
 * redemption count is never touched. Annual prices are ten monthly payments (two months free).
 */
export async function seedCatalogue(q: { query(sql: string): Promise<unknown> }): Promise<void> {
  await q.query(`
    INSERT INTO plans (code, name, monthly_price_cents, annual_price_cents, included_decorations,
                       watermark, extra_edit_options, unlimited_editing, all_rooms_and_styles,
                       descriptions_per_month, api_access, custom_limits, sort_order, active)
    VALUES ('STARTER',  'Starter',  1900,  19000,  10, true,  false, false, false, 4,    false, false, 1, true),
           ('PRO',      'Pro',      4900,  49000,  40, false, true,  true,  true,  16,   false, false, 2, true),
           ('ULTIMATE', 'Ultimate', 9900,  99000, 100, false, true,  true,  true,  40,   true,  false, 3, true),
           ('BUSINESS', 'Business', 24900, 249000, 300, false, true,  true,  true,  NULL, true,  true,  4, true)
    ON CONFLICT (code) DO UPDATE SET
      name = EXCLUDED.name,
      monthly_price_cents = EXCLUDED.monthly_price_cents,
      annual_price_cents = EXCLUDED.annual_price_cents,
      included_decorations = EXCLUDED.included_decorations,
      watermark = EXCLUDED.watermark,
      extra_edit_options = EXCLUDED.extra_edit_options,
      unlimited_editing = EXCLUDED.unlimited_editing,
      all_rooms_and_styles = EXCLUDED.all_rooms_and_styles,
      descriptions_per_month = EXCLUDED.descriptions_per_month,
      api_access = EXCLUDED.api_access,
      custom_limits = EXCLUDED.custom_limits,
      sort_order = EXCLUDED.sort_order,
      active = EXCLUDED.active`);
  await q.query(`
    INSERT INTO packs (code, name, credits, price_cents, properties, sort_order, active)
    VALUES ('starter',  'Starter',   10,  2900, '1-2',  1, true),
           ('standard', 'Standard',  30,  7900, '2-5',  2, true),
           ('premium',  'Premium',  100, 22900, '5-20', 3, true),
           ('business', 'Business', 250, 49900, '20+',  4, true)
    ON CONFLICT (code) DO UPDATE SET
      name = EXCLUDED.name,
      credits = EXCLUDED.credits,
      price_cents = EXCLUDED.price_cents,
      properties = EXCLUDED.properties,
      sort_order = EXCLUDED.sort_order,
      active = EXCLUDED.active`);
  // A launch offer: 10% off the first pack or subscription, for the first 500 customers.
  await q.query(`
    INSERT INTO coupons (code, percent_off, amount_off_cents, expires_at, max_redemptions, applies_to)
    VALUES ('BIENVENIDA10', 10, NULL, '2027-12-31T23:59:59Z', 500, 'any')
    ON CONFLICT (code) DO UPDATE SET
      percent_off = EXCLUDED.percent_off,
      amount_off_cents = EXCLUDED.amount_off_cents,
      expires_at = EXCLUDED.expires_at,
      max_redemptions = EXCLUDED.max_redemptions,
      applies_to = EXCLUDED.applies_to`);
}
