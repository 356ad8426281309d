import { browserOrigin, type RequestOrigin } from './browser-origin';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  BILLING_CURRENCY,
  COSTS,
  ErrorCode,
  type BillingCycle,
  type CheckoutKind,
  type CheckoutRequest,
  type CheckoutResponse,
  type CheckoutSession,
  type CheckoutState,
  type PackCode,
  type PlanCode,
} from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { OnJob } from '../../infra/queue/on-job.decorator';
import { BillingCustomers } from './billing-customers';
import { CheckoutRepository } from './checkout.repository';
import { onSale } from './catalogue.service';
import { CouponsService, discountFor, type CouponRow } from './coupons.service';
import { GatewayPricesRepository } from './gateway-prices.repository';
import {
  PAYMENT_GATEWAY,
  type CheckoutLine,
  type CheckoutMode,
  type GatewayEvent,
  type PaymentGateway,
} from './payment-gateway.port';
import { PaymentsService } from './payments.service';
import { SandboxGateway, type SandboxCardInput, type SandboxPayment } from './sandbox-gateway';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXPIRY_SWEEP_MS = 60_000;
const EXPIRY_BATCH = 500;
/** How long a pay or decline holds its session; one left by a process that died lapses after it. */
const SETTLING_LEASE_SECONDS = 60;

interface SessionRow {
  id: string;
  user_id: string;
  kind: CheckoutKind;
  pack_code: PackCode | null;
  pack_name: string | null;
  plan_code: PlanCode | null;
  cycle: BillingCycle | null;
  credits: number;
  quantity: number;
  amount_cents: number;
  discount_cents: number;
  coupon_code: string | null;
  state: CheckoutState;
  created_at: Date;
  expires_at: Date;
  completed_at: Date | null;
}

const toCheckoutSession = (row: SessionRow): CheckoutSession => ({
  id: row.id,
  kind: row.kind,
  packCode: row.pack_code,
  packName: row.pack_name,
  planCode: row.plan_code,
  cycle: row.cycle,
  credits: row.credits,
  quantity: row.quantity,
  amountCents: row.amount_cents,
  discountCents: row.discount_cents,
  couponCode: row.coupon_code,
  currency: BILLING_CURRENCY,
  state: row.state,
  createdAt: row.created_at.toISOString(),
  expiresAt: row.expires_at.toISOString(),
  completedAt: row.completed_at?.toISOString() ?? null,
});

/** What a new session sells, before it is stored. */
export interface SessionDraft {
  kind: CheckoutKind;
  packCode?: PackCode | null;
  planCode?: PlanCode | null;
  cycle?: BillingCycle | null;
  quantity?: number;
  credits: number;
  amountCents: number;
  discountCents?: number;
  couponId?: string | null;
}

/** A draft sent to the gateway's checkout page. */
export interface HostedCheckout {
  draft: SessionDraft;
  mode: CheckoutMode;
  lines: CheckoutLine[];
  /** Path the gateway sends the customer back to when they give up (on the buyer's origin, else PUBLIC_URL). */
  cancelPath: string;
}

/**
 * Opens checkout sessions for what a customer buys, shows them to their owner, expires the ones
 * left open, and runs the sandbox gateway's page.
 */
@Injectable()
export class CheckoutService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Checkout');

  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentsService,
    private readonly coupons: CouponsService,
    private readonly customers: BillingCustomers,
    private readonly jobs: JobQueue,
    private readonly gatewayPrices: GatewayPricesRepository,
    private readonly checkouts: CheckoutRepository,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Upserted by every process at boot: one schedule, whichever role starts first.
    await this.jobs.every('billing.expire-checkouts', {}, EXPIRY_SWEEP_MS);
  }

  /** POST billing/checkout: prices what is bought (with its coupon) and hands it to the gateway. */
  async open(userId: string, request: CheckoutRequest, from: RequestOrigin = {}): Promise<CheckoutResponse> {
    return this.openHosted(userId, await this.price(userId, request), from);
  }

  /**
   * Stores the session, makes sure the user is a gateway customer and opens the gateway's page. The way back
   * leads to the origin the buyer's browser is on (`from`, when it is ours), where their session lives.
   */
  async openHosted(
    userId: string,
    hosted: HostedCheckout,
    from: RequestOrigin = {},
  ): Promise<CheckoutResponse> {
    const customerRef = await this.customers.ensure(userId);
    const session = await this.record(userId, hosted.draft);
    const base = browserOrigin(from, this.config) ?? this.publicUrl();
    const created = await this.gateway.createCheckout({
      sessionId: session.id,
      userId,
      customerRef,
      mode: hosted.mode,
      lines: hosted.lines,
      successUrl: `${base}/stripeconfirmation/${session.id}`,
      cancelUrl: `${base}${hosted.cancelPath}`,
      expiresAt: session.expiresAt,
    });
    await this.dataSource.query(`UPDATE checkout_sessions SET gateway_ref = $2 WHERE id = $1`, [
      session.id,
      created.gatewayRef,
    ]);
    return { sessionId: session.id, checkoutUrl: created.checkoutUrl };
  }

  /**
   * Stores an open session; it expires CHECKOUT_TTL_MINUTES from now. Its coupon's use is reserved in
   * the same transaction (COUPON_EXHAUSTED / COUPON_ALREADY_USED past the coupon's limits).
   */
  async record(userId: string, draft: SessionDraft): Promise<{ id: string; expiresAt: Date }> {
    return this.dataSource.transaction(async (m) => {
      if (draft.couponId) await this.coupons.reserve(m, draft.couponId, userId);
      const [session] = (await m.query(
        `INSERT INTO checkout_sessions (user_id, kind, pack_code, plan_code, cycle, quantity, credits, amount_cents,
                                        discount_cents, coupon_id, currency, gateway, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now() + make_interval(mins => $13))
         RETURNING id, expires_at`,
        [
          userId,
          draft.kind,
          draft.packCode ?? null,
          draft.planCode ?? null,
          draft.cycle ?? null,
          draft.quantity ?? 1,
          draft.credits,
          draft.amountCents,
          draft.discountCents ?? 0,
          draft.couponId ?? null,
          BILLING_CURRENCY,
          this.gateway.name,
          this.config.CHECKOUT_TTL_MINUTES,
        ],
      )) as { id: string; expires_at: Date }[];
      return { id: session.id, expiresAt: session.expires_at };
    });
  }

  /**
   * The owner's view of a session; another user's session looks exactly like a missing one. An
   * open session past its expiry is expired first, through the same event a gateway would send.
   */
  async show(userId: string, sessionId: string): Promise<CheckoutSession> {
    const row = await this.read(userId, sessionId);
    if (row.state === 'open' && row.expires_at.getTime() <= Date.now()) {
      await this.payments.handle(this.expiredEvent(sessionId));
      return toCheckoutSession(await this.read(userId, sessionId));
    }
    return toCheckoutSession(row);
  }

  /** Marks every open session past its expiry as expired; answers how many it expired. */
  async expireDue(): Promise<number> {
    let expired = 0;
    for (;;) {
      const due = (await this.dataSource.query(
        `SELECT id FROM checkout_sessions
          WHERE state = 'open' AND expires_at <= now() AND gateway = $1
          ORDER BY expires_at LIMIT $2`,
        [this.gateway.name, EXPIRY_BATCH],
      )) as { id: string }[];
      for (const { id } of due) {
        if ((await this.payments.handle(this.expiredEvent(id))).applied) expired++;
      }
      if (due.length < EXPIRY_BATCH) return expired;
    }
  }

  @OnJob('billing.expire-checkouts')
  async sweepExpired(): Promise<void> {
    const expired = await this.expireDue();
    if (expired) this.logger.log(`${expired} checkout session(s) expired`);
  }

  // ---- the sandbox gateway's page ----

  /** A session of the caller's that the sandbox gateway handles; anything else is NOT_FOUND. */
  async sandboxSession(userId: string, sessionId: string): Promise<CheckoutSession> {
    this.sandbox();
    return this.show(userId, sessionId);
  }

  /**
   * The sandbox page's pay button: the card pays (or declines), and the events the gateway reports
   * go through the one confirmation path. Answers the session as it now stands; a session already
   * paid or declined stays as it was, an expired one is CHECKOUT_EXPIRED.
   */
  async sandboxPay(
    userId: string,
    sessionId: string,
    request: { card?: SandboxCardInput },
  ): Promise<CheckoutSession> {
    const sandbox = this.sandbox();
    return this.settling(userId, sessionId, async (row) => {
      const customerRef = await this.customers.ensure(userId);
      const payment: SandboxPayment = { sessionId, customerRef, mode: modeOf(row) };
      await this.payments.handleAll(await sandbox.pay(payment, request.card));
    });
  }

  /** The sandbox page's decline button. */
  async sandboxDecline(userId: string, sessionId: string): Promise<CheckoutSession> {
    const sandbox = this.sandbox();
    return this.settling(userId, sessionId, (row) => this.payments.handleAll(sandbox.decline(row.id)));
  }

  // ---- internals ----

  private async price(userId: string, request: CheckoutRequest): Promise<HostedCheckout> {
    const cancelPath = '/offers?payment=cancel';
    switch (request.kind) {
      case 'pack': {
        const [pack] = (await this.dataSource.query(
          `SELECT code, name, credits, price_cents FROM packs p WHERE code = $1 AND ${onSale('p')}`,
          [request.code],
        )) as { code: PackCode; name: string; credits: number; price_cents: number }[];
        if (!pack) throw new AppError(ErrorCode.NOT_FOUND);
        const coupon = request.coupon ? await this.coupons.usable(request.coupon, 'pack') : null;
        const discount = coupon ? discountFor(coupon, pack.price_cents) : 0;
        return {
          draft: {
            kind: 'pack',
            packCode: pack.code,
            credits: pack.credits,
            ...this.discounted(pack.price_cents, discount, coupon),
          },
          mode: { kind: 'payment' },
          lines: [
            {
              description: pack.name,
              amountCents: pack.price_cents - discount,
              price: await this.gatewayPrices.live(
                this.gateway.name,
                { product: 'pack', code: pack.code, cycle: 'once' },
                pack.price_cents,
              ),
            },
          ],
          cancelPath,
        };
      }
      case 'subscription': {
        const [plan] = (await this.dataSource.query(
          `SELECT code, name, monthly_price_cents, annual_price_cents FROM plans p WHERE code = $1 AND ${onSale('p')}`,
          [request.plan],
        )) as { code: PlanCode; name: string; monthly_price_cents: number; annual_price_cents: number }[];
        if (!plan) throw new AppError(ErrorCode.NOT_FOUND);
        const [active] = (await this.dataSource.query(
          `SELECT 1 FROM active_subscriptions WHERE user_id = $1`,
          [userId],
        )) as unknown[];
        if (active) throw new AppError(ErrorCode.SUBSCRIPTION_EXISTS);
        const price = request.cycle === 'annual' ? plan.annual_price_cents : plan.monthly_price_cents;
        const coupon = request.coupon ? await this.coupons.usable(request.coupon, 'subscription') : null;
        const discount = coupon ? discountFor(coupon, price) : 0;
        const live = await this.gatewayPrices.live(
          this.gateway.name,
          { product: 'plan', code: plan.code, cycle: request.cycle },
          price,
        );
        return {
          // The period's included decorations come with the subscription's paid invoice.
          draft: {
            kind: 'subscription',
            planCode: plan.code,
            cycle: request.cycle,
            credits: 0,
            ...this.discounted(price, discount, coupon),
          },
          mode: {
            kind: 'subscription',
            plan: plan.code,
            cycle: request.cycle,
            priceCents: price,
            discountCents: discount,
            priceRef: live?.ref ?? null,
          },
          lines: [{ description: plan.name, amountCents: price - discount, price: live }],
          cancelPath,
        };
      }
      case 'decoration':
        return {
          draft: { kind: 'decoration', credits: 1, amountCents: COSTS.trialDecorationCents },
          mode: { kind: 'payment' },
          lines: [{ description: 'Decoration', amountCents: COSTS.trialDecorationCents }],
          cancelPath,
        };
    }
  }

  private discounted(
    price: number,
    discount: number,
    coupon: CouponRow | null,
  ): Pick<SessionDraft, 'amountCents' | 'discountCents' | 'couponId'> {
    return { amountCents: price - discount, discountCents: discount, couponId: coupon?.id ?? null };
  }

  /**
   * Runs a sandbox outcome on an open session once: a concurrent click finds the session claimed and
   * answers it as it stands. The claim is a lease on the row (one conditional UPDATE), so nothing holds
   * a pool connection while the outcome settles through its own transactions.
   */
  private async settling(
    userId: string,
    sessionId: string,
    settle: (row: SessionRow) => Promise<void>,
  ): Promise<CheckoutSession> {
    const current = await this.show(userId, sessionId);
    if (current.state === 'expired') throw new AppError(ErrorCode.CHECKOUT_EXPIRED);
    if (current.state !== 'open') return current;
    const lease = await this.checkouts.claimSettling(
      sessionId,
      userId,
      this.gateway.name,
      SETTLING_LEASE_SECONDS,
    );
    if (!lease) return this.show(userId, sessionId);
    try {
      const row = await this.read(userId, sessionId);
      if (row.state === 'open') await settle(row);
    } finally {
      await this.checkouts.releaseSettling(sessionId, lease);
    }
    return this.show(userId, sessionId);
  }

  private sandbox(): SandboxGateway {
    if (!(this.gateway instanceof SandboxGateway)) throw new AppError(ErrorCode.NOT_FOUND);
    return this.gateway;
  }

  private async read(userId: string, sessionId: string): Promise<SessionRow> {
    if (!UUID.test(sessionId)) throw new AppError(ErrorCode.NOT_FOUND);
    const [row] = (await this.dataSource.query(
      `SELECT s.id, s.user_id, s.kind, s.pack_code, p.name AS pack_name, s.plan_code, s.cycle, s.credits,
              s.quantity, s.amount_cents, s.discount_cents, c.code AS coupon_code, s.state, s.created_at,
              s.expires_at, s.completed_at
         FROM checkout_sessions s
         LEFT JOIN packs p ON p.code = s.pack_code
         LEFT JOIN coupons c ON c.id = s.coupon_id
        WHERE s.id = $1 AND s.user_id = $2 AND s.gateway = $3`,
      [sessionId, userId, this.gateway.name],
    )) as SessionRow[];
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return row;
  }

  private expiredEvent(sessionId: string): GatewayEvent {
    return { id: `${this.gateway.name}:${sessionId}:expired`, type: 'checkout.expired', sessionId };
  }

  private publicUrl(): string {
    return this.config.PUBLIC_URL.replace(/\/+$/, '');
  }
}

/** What the sandbox provider does for a session of this kind. */
function modeOf(row: SessionRow): SandboxPayment['mode'] {
  if (row.kind === 'card_setup') return { kind: 'setup' };
  if (row.kind === 'subscription' && row.plan_code && row.cycle) {
    return {
      kind: 'subscription',
      plan: row.plan_code,
      cycle: row.cycle,
      priceCents: row.amount_cents + row.discount_cents,
      discountCents: row.discount_cents,
    };
  }
  return { kind: 'payment' };
}
