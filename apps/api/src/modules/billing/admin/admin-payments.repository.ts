import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AdminPayment, BillingCycle, Locale, PackCode, PlanCode } from '@estancia/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { ListQuery } from '../../../infra/http/simple-rest';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Our invoice numbers (EST-2026-000123): a `q` like this is looked up by its unique index. */
const INVOICE_NUMBER = /^EST-\d{4}-\d+$/i;

export const PAYMENT_SORTABLE = { createdAt: 'p.created_at', amountCents: 'p.amount_cents' } as const;
export type PaymentSortField = keyof typeof PAYMENT_SORTABLE;

interface PaymentRow {
  id: string;
  user_id: string | null;
  user_email: string | null;
  user_name: string | null;
  kind: AdminPayment['kind'];
  amount_cents: number;
  discount_cents: number;
  refunded_cents: number;
  credits: number;
  plan_code: PlanCode | null;
  pack_code: PackCode | null;
  cycle: BillingCycle | null;
  coupon_code: string | null;
  gateway: string;
  invoice_number: string;
  created_at: Date;
}

interface RefundRow {
  id: string;
  payment_id: string;
  amount_cents: number;
  credits_taken: number;
  reason: string;
  by_id: string | null;
  by_name: string | null;
  created_at: Date;
}

/** A payment as a refund needs it, read under the payment's row lock. */
export interface RefundablePayment {
  id: string;
  userId: string | null;
  amountCents: number;
  credits: number;
  refundedCents: number;
  gateway: string;
  /** payments.invoice_ref: the gateway's invoice or payment id. */
  paymentRef: string | null;
  /** The checkout session's gateway_ref. */
  checkoutRef: string | null;
}

export interface RefundRecord {
  id: string;
  paymentId: string;
  amountCents: number;
  creditsTaken: number;
  reason: string;
  gatewayRef: string;
  idempotencyKey: string;
  createdBy: string;
}

// Joined per row of the page only: the list is driven by payments_created_idx (or the user's index).
const SELECT_PAYMENTS = `
  SELECT p.id, p.user_id, u.email AS user_email, u.name AS user_name, p.kind, p.amount_cents, p.discount_cents,
         COALESCE((SELECT sum(r.amount_cents) FROM payment_refunds r WHERE r.payment_id = p.id), 0)::int
           AS refunded_cents,
         p.credits, p.plan_code, s.pack_code, COALESCE(p.cycle, s.cycle) AS cycle, c.code AS coupon_code, p.gateway,
         p.invoice_number, p.created_at
    FROM payments p
    LEFT JOIN users u ON u.id = p.user_id
    LEFT JOIN checkout_sessions s ON s.id = p.session_id
    LEFT JOIN coupons c ON c.id = s.coupon_id`;

const toPayment = (row: PaymentRow, refunds: RefundRow[]): AdminPayment => ({
  id: row.id,
  userId: row.user_id,
  userEmail: row.user_email,
  userName: row.user_name,
  kind: row.kind,
  amountCents: row.amount_cents,
  discountCents: row.discount_cents,
  refundedCents: row.refunded_cents,
  credits: row.credits,
  planCode: row.plan_code,
  packCode: row.pack_code,
  cycle: row.cycle,
  couponCode: row.coupon_code,
  gateway: row.gateway,
  invoiceNumber: row.invoice_number,
  createdAt: row.created_at.toISOString(),
  refunds: refunds
    .filter((r) => r.payment_id === row.id)
    .map((r) => ({
      id: r.id,
      amountCents: r.amount_cents,
      creditsTaken: r.credits_taken,
      reason: r.reason,
      by: r.by_id ? { id: r.by_id, name: r.by_name ?? '' } : null,
      createdAt: r.created_at.toISOString(),
    })),
});

/** SQL of the console's payments and their refunds. */
@Injectable()
export class AdminPaymentsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Filters: userId, kind, gateway, refunded (boolean), createdFrom / createdTo (inclusive days),
   * q (an invoice number, or part of the customer's e-mail), id (one or many, getMany).
   */
  async list(list: ListQuery<PaymentSortField>): Promise<{ rows: AdminPayment[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: (n: number) => string, value: unknown) => {
      params.push(value);
      where.push(sql(params.length));
    };
    const { userId, kind, gateway, refunded, createdFrom, createdTo, q, id } = list.filter;
    if (userId !== undefined)
      add((n) => `p.user_id = $${n}::uuid`, typeof userId === 'string' && UUID.test(userId) ? userId : null);
    if (typeof kind === 'string') add((n) => `p.kind = $${n}`, kind);
    if (typeof gateway === 'string') add((n) => `p.gateway = $${n}`, gateway);
    if (typeof refunded === 'boolean')
      where.push(
        `${refunded ? '' : 'NOT '}EXISTS (SELECT 1 FROM payment_refunds r WHERE r.payment_id = p.id)`,
      );
    if (typeof createdFrom === 'string' && !Number.isNaN(Date.parse(createdFrom)))
      add((n) => `p.created_at >= $${n}::date`, createdFrom);
    if (typeof createdTo === 'string' && !Number.isNaN(Date.parse(createdTo)))
      add((n) => `p.created_at < $${n}::date + 1`, createdTo);
    if (typeof q === 'string' && q.trim()) {
      const term = q.trim();
      if (INVOICE_NUMBER.test(term)) add((n) => `p.invoice_number = $${n}`, term.toUpperCase());
      else
        add(
          (n) => `p.user_id IN (SELECT u.id FROM users u WHERE u.email ILIKE $${n})`,
          `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`,
        );
    }
    if (id !== undefined)
      add(
        (n) => `p.id = ANY($${n}::uuid[])`,
        [id].flat().filter((v): v is string => typeof v === 'string' && UUID.test(v)),
      );
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = list.sort.order;
    const [[{ total }], rows] = await Promise.all([
      this.dataSource.query(`SELECT count(*)::int AS total FROM payments p ${whereSql}`, params) as Promise<
        { total: number }[]
      >,
      this.dataSource.query(
        `${SELECT_PAYMENTS} ${whereSql}
          ORDER BY ${PAYMENT_SORTABLE[list.sort.field]} ${order}, p.id ${order}
          OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
        [...params, list.skip, list.take],
      ) as Promise<PaymentRow[]>,
    ]);
    const refunds = await this.refundsOf(rows.map((row) => row.id));
    return { rows: rows.map((row) => toPayment(row, refunds)), total };
  }

  async find(id: string): Promise<AdminPayment | null> {
    if (!UUID.test(id)) return null;
    const [row] = (await this.dataSource.query(`${SELECT_PAYMENTS} WHERE p.id = $1`, [id])) as PaymentRow[];
    return row ? toPayment(row, await this.refundsOf([row.id])) : null;
  }

  /** Who paid, as the refund e-mail needs them; null for a payment whose customer is gone. */
  async customerOf(
    paymentId: string,
  ): Promise<{ email: string; name: string; language: Locale; invoiceNumber: string } | null> {
    const [row] = (await this.dataSource.query(
      `SELECT u.email, u.name, u.language, p.invoice_number
         FROM payments p JOIN users u ON u.id = p.user_id WHERE p.id = $1`,
      [paymentId],
    )) as { email: string; name: string; language: Locale; invoice_number: string }[];
    return row
      ? { email: row.email, name: row.name, language: row.language, invoiceNumber: row.invoice_number }
      : null;
  }

  /** The payment, locked for the rest of the transaction: refunds of one payment run one after the other. */
  async lockForRefund(m: EntityManager, id: string): Promise<RefundablePayment | null> {
    if (!UUID.test(id)) return null;
    const [row] = (await m.query(
      `SELECT p.id, p.user_id, p.amount_cents, p.credits, p.gateway, p.invoice_ref, s.gateway_ref AS checkout_ref,
              COALESCE((SELECT sum(r.amount_cents) FROM payment_refunds r WHERE r.payment_id = p.id), 0)::int
                AS refunded_cents
         FROM payments p LEFT JOIN checkout_sessions s ON s.id = p.session_id
        WHERE p.id = $1
          FOR UPDATE OF p`,
      [id],
    )) as {
      id: string;
      user_id: string | null;
      amount_cents: number;
      credits: number;
      gateway: string;
      invoice_ref: string | null;
      checkout_ref: string | null;
      refunded_cents: number;
    }[];
    return row
      ? {
          id: row.id,
          userId: row.user_id,
          amountCents: row.amount_cents,
          credits: row.credits,
          refundedCents: row.refunded_cents,
          gateway: row.gateway,
          paymentRef: row.invoice_ref,
          checkoutRef: row.checkout_ref,
        }
      : null;
  }

  /** The refund already made under this idempotency key, if any. */
  async refundByKey(
    m: EntityManager,
    key: string,
  ): Promise<{ paymentId: string; amountCents: number; reason: string } | null> {
    const [row] = (await m.query(
      `SELECT payment_id, amount_cents, reason FROM payment_refunds WHERE idempotency_key = $1`,
      [key],
    )) as { payment_id: string; amount_cents: number; reason: string }[];
    return row ? { paymentId: row.payment_id, amountCents: row.amount_cents, reason: row.reason } : null;
  }

  /**
   * The customer's balance, with their wallet row locked until the commit: what is taken back is
   * decided on a balance no concurrent spend can lower meanwhile.
   */
  async lockedBalance(m: EntityManager, userId: string): Promise<number> {
    const [row] = (await m.query(`SELECT balance FROM wallets WHERE user_id = $1 FOR UPDATE`, [userId])) as {
      balance: number;
    }[];
    return row?.balance ?? 0;
  }

  async insertRefund(m: EntityManager, refund: RefundRecord): Promise<void> {
    await m.query(
      `INSERT INTO payment_refunds (id, payment_id, amount_cents, credits_taken, reason, gateway_ref, idempotency_key,
                                    created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        refund.id,
        refund.paymentId,
        refund.amountCents,
        refund.creditsTaken,
        refund.reason,
        refund.gatewayRef,
        refund.idempotencyKey,
        refund.createdBy,
      ],
    );
  }

  private async refundsOf(paymentIds: string[]): Promise<RefundRow[]> {
    if (paymentIds.length === 0) return [];
    return (await this.dataSource.query(
      `SELECT r.id, r.payment_id, r.amount_cents, r.credits_taken, r.reason, r.created_by AS by_id,
              u.name AS by_name, r.created_at
         FROM payment_refunds r LEFT JOIN users u ON u.id = r.created_by
        WHERE r.payment_id = ANY($1::uuid[])
        ORDER BY r.created_at, r.id`,
      [paymentIds],
    )) as RefundRow[];
  }
}
