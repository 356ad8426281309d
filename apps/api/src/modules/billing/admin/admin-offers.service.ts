import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BILLING_CYCLES,
  ErrorCode,
  FieldIssue,
  PACK_CODES,
  PLAN_CODES,
  type AdminPack,
  type AdminPackUpdate,
  type AdminPlan,
  type AdminPlanUpdate,
  type PackCode,
  type PlanCode,
} from '@estancia/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../../infra/http/app-error';
import { AuditLog, changedFields } from '../../audit/audit-log.service';
import { GatewayPricesRepository } from '../gateway-prices.repository';
import { PAYMENT_GATEWAY, type PaymentGateway, type PriceFigure } from '../payment-gateway.port';
import { AdminOffersRepository, type PackRecord, type PlanRecord } from './admin-offers.repository';

/** A figure whose price changed, to publish at the gateway. */
interface PriceChange {
  figure: PriceFigure;
  amountCents: number;
}

/** What a save did at the gateway: the prices it replaced (to archive) and the ones it created. */
interface Published {
  archived: string[];
  created: (PriceChange & { ref: string })[];
}

const isPlanCode = (code: string): code is PlanCode => (PLAN_CODES as readonly string[]).includes(code);
const isPackCode = (code: string): code is PackCode => (PACK_CODES as readonly string[]).includes(code);

/** Dates as the database gives them back, so the same instant written another way is no change. */
const normalDate = (value: string | null): string | null => (value ? new Date(value).toISOString() : null);

function checkDates(record: { availableFrom: string | null; availableUntil: string | null }): void {
  if (record.availableFrom && record.availableUntil && record.availableFrom >= record.availableUntil)
    throw new AppError(ErrorCode.VALIDATION_FAILED, { availableUntil: FieldIssue.INVALID });
}

const planFields = (plan: PlanRecord | AdminPlanUpdate): AdminPlanUpdate => ({
  name: plan.name,
  monthlyPriceCents: plan.monthlyPriceCents,
  annualPriceCents: plan.annualPriceCents,
  includedDecorations: plan.includedDecorations,
  watermark: plan.watermark,
  extraEditOptions: plan.extraEditOptions,
  unlimitedEditing: plan.unlimitedEditing,
  allRoomsAndStyles: plan.allRoomsAndStyles,
  descriptionsPerMonth: plan.descriptionsPerMonth,
  apiAccess: plan.apiAccess,
  customLimits: plan.customLimits,
  decorationsPerOrder: plan.decorationsPerOrder,
  active: plan.active,
  availableFrom: normalDate(plan.availableFrom),
  availableUntil: normalDate(plan.availableUntil),
});

const packFields = (pack: PackRecord | AdminPackUpdate): AdminPackUpdate => ({
  name: pack.name,
  credits: pack.credits,
  priceCents: pack.priceCents,
  properties: pack.properties,
  active: pack.active,
  availableFrom: normalDate(pack.availableFrom),
  availableUntil: normalDate(pack.availableUntil),
});

/**
 * The console's plans and packs. A save changes what is sold from now on: payments and subscriptions
 * keep the figures they were sold with. Every changed price becomes a new gateway price (the old one
 * archived), in the transaction of the save and its audit row; a gateway that refuses leaves nothing
 * changed (GATEWAY_ERROR).
 */
@Injectable()
export class AdminOffersService {
  private readonly logger = new Logger('AdminOffers');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: AdminOffersRepository,
    private readonly gatewayPrices: GatewayPricesRepository,
    private readonly auditLog: AuditLog,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  async plans(): Promise<AdminPlan[]> {
    const [plans, prices] = await Promise.all([this.repository.plans(), this.livePrices('plan')]);
    return plans.map((plan) => withPlanPrices(plan, prices));
  }

  async plan(code: string): Promise<AdminPlan> {
    const plan = isPlanCode(code) ? await this.repository.plan(code) : null;
    if (!plan) throw new AppError(ErrorCode.NOT_FOUND);
    return withPlanPrices(plan, await this.livePrices('plan'));
  }

  async updatePlan(staffId: string, code: string, input: AdminPlanUpdate): Promise<AdminPlan> {
    if (!isPlanCode(code)) throw new AppError(ErrorCode.NOT_FOUND);
    const after = planFields(input);
    checkDates(after);
    await this.save(async (m) => {
      if (!(await this.repository.lockPlan(m, code))) throw new AppError(ErrorCode.NOT_FOUND);
      const before = planFields((await this.repository.plan(code, m))!);
      await this.repository.updatePlan(m, code, after);
      const changes: PriceChange[] = BILLING_CYCLES.flatMap((cycle) => {
        const field = cycle === 'annual' ? 'annualPriceCents' : 'monthlyPriceCents';
        return before[field] === after[field]
          ? []
          : [{ figure: { product: 'plan', code, cycle }, amountCents: after[field] }];
      });
      const published = await this.publish(m, after.name, changes);
      await this.auditLog.record(m, {
        actorId: staffId,
        action: 'plans.update',
        resource: 'plans',
        recordId: code,
        ...changedFields(before, after),
      });
      return published;
    });
    return this.plan(code);
  }

  async packs(): Promise<AdminPack[]> {
    const [packs, prices] = await Promise.all([this.repository.packs(), this.livePrices('pack')]);
    return packs.map((pack) => ({ ...pack, gatewayPrice: prices.get(`${pack.id}:once`) ?? null }));
  }

  async pack(code: string): Promise<AdminPack> {
    const pack = isPackCode(code) ? await this.repository.pack(code) : null;
    if (!pack) throw new AppError(ErrorCode.NOT_FOUND);
    const prices = await this.livePrices('pack');
    return { ...pack, gatewayPrice: prices.get(`${pack.id}:once`) ?? null };
  }

  async updatePack(staffId: string, code: string, input: AdminPackUpdate): Promise<AdminPack> {
    if (!isPackCode(code)) throw new AppError(ErrorCode.NOT_FOUND);
    const after = packFields(input);
    checkDates(after);
    await this.save(async (m) => {
      if (!(await this.repository.lockPack(m, code))) throw new AppError(ErrorCode.NOT_FOUND);
      const before = packFields((await this.repository.pack(code, m))!);
      await this.repository.updatePack(m, code, after);
      const changes: PriceChange[] =
        before.priceCents === after.priceCents
          ? []
          : [{ figure: { product: 'pack', code, cycle: 'once' }, amountCents: after.priceCents }];
      const published = await this.publish(m, after.name, changes);
      await this.auditLog.record(m, {
        actorId: staffId,
        action: 'packs.update',
        resource: 'packs',
        recordId: code,
        ...changedFields(before, after),
      });
      return published;
    });
    return this.pack(code);
  }

  // ---- internals ----

  /**
   * Runs a save in one transaction; the gateway prices it replaced are archived at the gateway only
   * after the commit, so a save that fails never leaves a figure without a live gateway price. Then a
   * plan's new price is moved onto the subscriptions that will renew on it (see `moveRenewals`).
   */
  private async save(write: (m: EntityManager) => Promise<Published>): Promise<void> {
    const { archived, created } = await this.dataSource.transaction(write);
    for (const price of created) await this.moveRenewals(price);
    for (const ref of archived) {
      try {
        await this.gateway.archivePrice(ref);
      } catch (error) {
        // Still active at the gateway but no longer ours: nothing sells with it.
        this.logger.warn(`gateway price ${ref} not archived: ${String(error)}`);
      }
    }
  }

  /**
   * A change applies to renewals too. The sandbox renews at the catalogue's price by itself; a gateway that keeps
   * each subscription's price (Stripe) gets the new price on every subscription renewing on that plan and cycle,
   * without proration, so it is billed from the next renewal and nothing is charged now. A subscription the
   * gateway refuses keeps its price and is logged; the save stands.
   */
  private async moveRenewals({ figure, amountCents, ref }: Published['created'][number]): Promise<void> {
    if (this.gateway.renewsAtCataloguePrice || figure.product !== 'plan') return;
    const plan = figure.code;
    for (const sub of await this.repository.renewing(this.gateway.name, plan, figure.cycle)) {
      try {
        await this.gateway.changeSubscription({
          subscriptionRef: sub.gatewayRef,
          customerRef: sub.customerRef,
          plan,
          cycle: figure.cycle,
          priceCents: amountCents,
          priceRef: ref,
          effective: 'period_end',
        });
      } catch (error) {
        this.logger.warn(`subscription ${sub.gatewayRef} keeps its price: ${String(error)}`);
      }
    }
  }

  /** Creates a gateway price per changed figure and records it; answers what it replaced and created. */
  private async publish(m: EntityManager, name: string, changes: PriceChange[]): Promise<Published> {
    const archived: string[] = [];
    const created: Published['created'] = [];
    for (const change of changes) {
      let ref: string;
      try {
        ({ ref } = await this.gateway.publishPrice({
          figure: change.figure,
          name,
          amountCents: change.amountCents,
        }));
      } catch (error) {
        this.logger.error(`gateway refused a price for ${JSON.stringify(change.figure)}: ${String(error)}`);
        throw new AppError(ErrorCode.GATEWAY_ERROR);
      }
      const replaced = await this.gatewayPrices.replace(
        m,
        this.gateway.name,
        change.figure,
        change.amountCents,
        ref,
      );
      if (replaced) archived.push(replaced);
      created.push({ ...change, ref });
    }
    return { archived, created };
  }

  /** The configured gateway's live prices of a product, by `code:cycle`. */
  private async livePrices(product: PriceFigure['product']): Promise<Map<string, string>> {
    const rows = await this.gatewayPrices.liveOf(this.gateway.name, product);
    return new Map(rows.map((row) => [`${row.code}:${row.cycle}`, row.ref]));
  }
}

const withPlanPrices = (plan: PlanRecord, prices: Map<string, string>): AdminPlan => ({
  ...plan,
  gatewayPrices: {
    monthly: prices.get(`${plan.id}:monthly`) ?? null,
    annual: prices.get(`${plan.id}:annual`) ?? null,
  },
});
