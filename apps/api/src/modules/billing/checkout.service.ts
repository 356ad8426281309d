import { Inject, Injectable } from '@nestjs/common';
import {
  BILLING_CURRENCY,
  ErrorCode,
  type CheckoutRequest,
  type CheckoutResponse,
  type CheckoutSession,
  type CheckoutState,
  type PackCode,
} from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.port';
import { PaymentsService } from './payments.service';
import { SANDBOX_GATEWAY, sandboxEvent } from './sandbox-gateway';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface SessionRow {
  id: string;
  kind: 'pack';
  pack_code: PackCode | null;
  pack_name: string | null;
  credits: number;
  amount_cents: number;
  state: CheckoutState;
  created_at: Date;
  completed_at: Date | null;
}

const toCheckoutSession = (row: SessionRow): CheckoutSession => ({
  id: row.id,
  kind: row.kind,
  packCode: row.pack_code,
  packName: row.pack_name,
  credits: row.credits,
  amountCents: row.amount_cents,
  currency: BILLING_CURRENCY,
  state: row.state,
  createdAt: row.created_at.toISOString(),
  completedAt: row.completed_at?.toISOString() ?? null,
});

/** Opens checkout sessions for what a customer buys, and runs the sandbox gateway's page. */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentsService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Opens a session for an active pack at its current price and hands it to the gateway. */
  async open(userId: string, request: CheckoutRequest): Promise<CheckoutResponse> {
    const [pack] = (await this.dataSource.query(
      `SELECT code, name, credits, price_cents FROM packs WHERE code = $1 AND active`,
      [request.code],
    )) as { code: PackCode; name: string; credits: number; price_cents: number }[];
    if (!pack) throw new AppError(ErrorCode.NOT_FOUND);
    const [session] = (await this.dataSource.query(
      `INSERT INTO checkout_sessions (user_id, kind, pack_code, credits, amount_cents, currency, gateway)
       VALUES ($1, 'pack', $2, $3, $4, $5, $6) RETURNING id`,
      [userId, pack.code, pack.credits, pack.price_cents, BILLING_CURRENCY, this.gateway.name],
    )) as { id: string }[];
    const base = this.config.PUBLIC_URL.replace(/\/+$/, '');
    const created = await this.gateway.createCheckout({
      sessionId: session.id,
      userId,
      lines: [{ description: pack.name, amountCents: pack.price_cents }],
      successUrl: `${base}/stripeconfirmation/${session.id}`,
      cancelUrl: `${base}/offers`,
    });
    await this.dataSource.query(`UPDATE checkout_sessions SET gateway_ref = $2 WHERE id = $1`, [
      session.id,
      created.gatewayRef,
    ]);
    return { sessionId: session.id, checkoutUrl: created.checkoutUrl };
  }

  /** The owner's view of a session; another user's session looks exactly like a missing one. */
  async show(userId: string, sessionId: string): Promise<CheckoutSession> {
    if (!UUID.test(sessionId)) throw new AppError(ErrorCode.NOT_FOUND);
    const [row] = (await this.dataSource.query(
      `SELECT s.id, s.kind, s.pack_code, p.name AS pack_name, s.credits, s.amount_cents, s.state,
              s.created_at, s.completed_at
         FROM checkout_sessions s LEFT JOIN packs p ON p.code = s.pack_code
        WHERE s.id = $1 AND s.user_id = $2`,
      [sessionId, userId],
    )) as SessionRow[];
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return toCheckoutSession(row);
  }

  /**
   * The sandbox page's pay or decline button: delivers the event a real gateway's webhook would,
   * then answers the session as it now stands (a paid or declined session stays as it was).
   */
  async sandboxOutcome(
    userId: string,
    sessionId: string,
    outcome: 'paid' | 'declined',
  ): Promise<CheckoutSession> {
    const session = await this.sandboxSession(userId, sessionId);
    if (session.state !== 'open') return session;
    await this.payments.handle(sandboxEvent(sessionId, outcome));
    return this.show(userId, sessionId);
  }

  /** A session of the caller's that the sandbox gateway handles; anything else is NOT_FOUND. */
  async sandboxSession(userId: string, sessionId: string): Promise<CheckoutSession> {
    if (this.gateway.name !== SANDBOX_GATEWAY) throw new AppError(ErrorCode.NOT_FOUND);
    if (!UUID.test(sessionId)) throw new AppError(ErrorCode.NOT_FOUND);
    const [own] = (await this.dataSource.query(
      `SELECT 1 FROM checkout_sessions WHERE id = $1 AND user_id = $2 AND gateway = $3`,
      [sessionId, userId, SANDBOX_GATEWAY],
    )) as unknown[];
    if (!own) throw new AppError(ErrorCode.NOT_FOUND);
    return this.show(userId, sessionId);
  }
}
