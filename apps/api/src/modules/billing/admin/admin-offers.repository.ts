import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  AdminPack,
  AdminPackUpdate,
  AdminPlan,
  AdminPlanUpdate,
  BillingCycle,
  PackCode,
  PlanCode,
} from '@estancia/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { PackRow as CataloguePackRow, PlanRow as CataloguePlanRow } from '../catalogue.service';

/** A plan as the console edits it, without what is read from elsewhere (gateway prices). */
export type PlanRecord = Omit<AdminPlan, 'gatewayPrices'>;
export type PackRecord = Omit<AdminPack, 'gatewayPrice'>;

interface PlanRow extends CataloguePlanRow {
  decorations_per_order: number | null;
  active: boolean;
  available_from: Date | null;
  available_until: Date | null;
  subscribers: number;
}

interface PackRow extends CataloguePackRow {
  active: boolean;
  available_from: Date | null;
  available_until: Date | null;
  sold: number;
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

const toPlan = (row: PlanRow): PlanRecord => ({
  id: row.code,
  name: row.name,
  monthlyPriceCents: row.monthly_price_cents,
  annualPriceCents: row.annual_price_cents,
  includedDecorations: row.included_decorations,
  watermark: row.watermark,
  extraEditOptions: row.extra_edit_options,
  unlimitedEditing: row.unlimited_editing,
  allRoomsAndStyles: row.all_rooms_and_styles,
  descriptionsPerMonth: row.descriptions_per_month,
  apiAccess: row.api_access,
  customLimits: row.custom_limits,
  decorationsPerOrder: row.decorations_per_order,
  active: row.active,
  availableFrom: iso(row.available_from),
  availableUntil: iso(row.available_until),
  subscribers: row.subscribers,
});

const toPack = (row: PackRow): PackRecord => ({
  id: row.code,
  name: row.name,
  credits: row.credits,
  priceCents: row.price_cents,
  properties: row.properties,
  active: row.active,
  availableFrom: iso(row.available_from),
  availableUntil: iso(row.available_until),
  sold: row.sold,
});

// Subscribers: customers whose active subscription is on the plan today. Sold: paid purchases of the pack.
const SELECT_PLANS = `
  SELECT p.code, p.name, p.monthly_price_cents, p.annual_price_cents, p.included_decorations, p.watermark,
         p.extra_edit_options, p.unlimited_editing, p.all_rooms_and_styles, p.descriptions_per_month, p.api_access,
         p.custom_limits, p.decorations_per_order, p.active, p.available_from, p.available_until,
         (SELECT count(*)::int FROM active_subscriptions a WHERE a.plan_code = p.code) AS subscribers
    FROM plans p`;
const SELECT_PACKS = `
  SELECT k.code, k.name, k.credits, k.price_cents, k.properties, k.active, k.available_from, k.available_until,
         (SELECT count(*)::int FROM payments pay JOIN checkout_sessions s ON s.id = pay.session_id
           WHERE pay.kind = 'pack' AND s.pack_code = k.code) AS sold
    FROM packs k`;

/** SQL of the plans and packs the console edits (the four of each are fixed by the product). */
@Injectable()
export class AdminOffersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async plans(): Promise<PlanRecord[]> {
    const rows = (await this.dataSource.query(`${SELECT_PLANS} ORDER BY p.sort_order, p.code`)) as PlanRow[];
    return rows.map(toPlan);
  }

  async plan(code: string, m: EntityManager = this.dataSource.manager): Promise<PlanRecord | null> {
    const [row] = (await m.query(`${SELECT_PLANS} WHERE p.code = $1`, [code])) as PlanRow[];
    return row ? toPlan(row) : null;
  }

  /** Locks the plan's row for the rest of the transaction: two saves of one plan run one after the other. */
  async lockPlan(m: EntityManager, code: string): Promise<boolean> {
    const rows = (await m.query(`SELECT 1 FROM plans WHERE code = $1 FOR UPDATE`, [code])) as unknown[];
    return rows.length > 0;
  }

  async updatePlan(m: EntityManager, code: PlanCode, plan: AdminPlanUpdate): Promise<void> {
    await m.query(
      `UPDATE plans SET name = $2, monthly_price_cents = $3, annual_price_cents = $4, included_decorations = $5,
              watermark = $6, extra_edit_options = $7, unlimited_editing = $8, all_rooms_and_styles = $9,
              descriptions_per_month = $10, api_access = $11, custom_limits = $12, decorations_per_order = $13,
              active = $14, available_from = $15, available_until = $16
        WHERE code = $1`,
      [
        code,
        plan.name,
        plan.monthlyPriceCents,
        plan.annualPriceCents,
        plan.includedDecorations,
        plan.watermark,
        plan.extraEditOptions,
        plan.unlimitedEditing,
        plan.allRoomsAndStyles,
        plan.descriptionsPerMonth,
        plan.apiAccess,
        plan.customLimits,
        plan.decorationsPerOrder,
        plan.active,
        plan.availableFrom,
        plan.availableUntil,
      ],
    );
  }

  async packs(): Promise<PackRecord[]> {
    const rows = (await this.dataSource.query(`${SELECT_PACKS} ORDER BY k.sort_order, k.code`)) as PackRow[];
    return rows.map(toPack);
  }

  async pack(code: string, m: EntityManager = this.dataSource.manager): Promise<PackRecord | null> {
    const [row] = (await m.query(`${SELECT_PACKS} WHERE k.code = $1`, [code])) as PackRow[];
    return row ? toPack(row) : null;
  }

  async lockPack(m: EntityManager, code: string): Promise<boolean> {
    const rows = (await m.query(`SELECT 1 FROM packs WHERE code = $1 FOR UPDATE`, [code])) as unknown[];
    return rows.length > 0;
  }

  async updatePack(m: EntityManager, code: PackCode, pack: AdminPackUpdate): Promise<void> {
    await m.query(
      `UPDATE packs SET name = $2, credits = $3, price_cents = $4, properties = $5, active = $6,
              available_from = $7, available_until = $8
        WHERE code = $1`,
      [
        code,
        pack.name,
        pack.credits,
        pack.priceCents,
        pack.properties,
        pack.active,
        pack.availableFrom,
        pack.availableUntil,
      ],
    );
  }

  /**
   * The subscriptions at `gateway` that will renew on `plan`/`cycle` as they stand (none cancelling or waiting for
   * a change), with their customer at the gateway.
   */
  async renewing(
    gateway: string,
    plan: PlanCode,
    cycle: BillingCycle,
  ): Promise<{ gatewayRef: string; customerRef: string }[]> {
    return (await this.dataSource.query(
      `SELECT s.gateway_ref AS "gatewayRef", c.customer_ref AS "customerRef"
         FROM active_subscriptions s
         JOIN billing_customers c ON c.user_id = s.user_id AND c.gateway = s.gateway
        WHERE s.gateway = $1 AND s.plan_code = $2 AND s.cycle = $3 AND s.gateway_ref IS NOT NULL
          AND NOT s.cancel_at_period_end
          AND COALESCE(s.next_plan_code, s.plan_code) = s.plan_code AND COALESCE(s.next_cycle, s.cycle) = s.cycle`,
      [gateway, plan, cycle],
    )) as { gatewayRef: string; customerRef: string }[];
  }
}
