import { Injectable } from '@nestjs/common';
import {
  BILLING_CURRENCY,
  ErrorCode,
  PAYMENTS_PAGE_SIZE,
  type BillingCycle,
  type PackCode,
  type PaymentHistoryResponse,
  type PaymentKind,
  type PlanCode,
} from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { DISPLAY_NAME_SQL } from '../referral/referral.service';
import { renderInvoice, type InvoiceLanguage } from './invoice-document';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a payment's invoice downloads from when the gateway does not host it. */
export const invoicePath = (paymentId: string): string => `/data/billing/payments/${paymentId}/invoice`;

/**
 * Every row of a user's history: their payments, the rewards they earned as a referrer and the
 * reward their own first purchase earned someone else ($1 = the user).
 */
const HISTORY_ROWS = `
  SELECT p.id::text AS id, p.created_at AS date, p.kind, p.amount_cents, p.credits, s.pack_code,
         p.plan_code, p.cycle, NULL::text AS counterpart, p.invoice_url, true AS has_invoice
    FROM payments p
    LEFT JOIN checkout_sessions s ON s.id = p.session_id
   WHERE p.user_id = $1
  UNION ALL
  SELECT 'referral:' || r.referred_user_id, r.created_at, 'referral', 0, r.credits, NULL, NULL, NULL,
         ${DISPLAY_NAME_SQL('u')}, NULL, false
    FROM referral_rewards r JOIN users u ON u.id = r.referred_user_id
   WHERE r.referrer_user_id = $1
  UNION ALL
  SELECT 'referral:' || r.referred_user_id, r.created_at, 'referral', 0, 0, NULL, NULL, NULL,
         ${DISPLAY_NAME_SQL('u')}, NULL, false
    FROM referral_rewards r JOIN users u ON u.id = r.referrer_user_id
   WHERE r.referred_user_id = $1`;

interface HistoryRow {
  id: string;
  date: Date;
  kind: PaymentKind;
  amount_cents: number;
  credits: number;
  pack_code: PackCode | null;
  plan_code: PlanCode | null;
  cycle: BillingCycle | null;
  counterpart: string | null;
  invoice_url: string | null;
  has_invoice: boolean;
}

interface InvoiceRow {
  invoice_number: string;
  created_at: Date;
  kind: Exclude<PaymentKind, 'referral'>;
  amount_cents: number;
  discount_cents: number;
  credits: number;
  quantity: number | null;
  pack_name: string | null;
  plan_name: string | null;
  cycle: BillingCycle | null;
  period_start: Date | null;
  period_end: Date | null;
  buyer_name: string;
  buyer_email: string;
  buyer_company: string;
  language: InvoiceLanguage;
}

/** The Account page's payment history and the invoice of each payment. */
@Injectable()
export class PaymentHistoryService {
  constructor(private readonly dataSource: DataSource) {}

  async page(userId: string, page: number): Promise<PaymentHistoryResponse> {
    const pageSize = PAYMENTS_PAGE_SIZE;
    const [{ total }] = (await this.dataSource.query(
      `SELECT count(*)::int AS total FROM (${HISTORY_ROWS}) h`,
      [userId],
    )) as { total: number }[];
    const rows = (await this.dataSource.query(
      `${HISTORY_ROWS} ORDER BY date DESC, id DESC OFFSET $2 LIMIT $3`,
      [userId, (page - 1) * pageSize, pageSize],
    )) as HistoryRow[];
    return {
      items: rows.map((row) => ({
        id: row.id,
        date: row.date.toISOString(),
        kind: row.kind,
        amountCents: row.amount_cents,
        currency: BILLING_CURRENCY,
        credits: row.credits,
        packCode: row.pack_code,
        planCode: row.plan_code,
        cycle: row.cycle,
        counterpart: row.counterpart,
        invoiceUrl: row.has_invoice ? (row.invoice_url ?? invoicePath(row.id)) : null,
      })),
      total,
      page,
      pageSize,
    };
  }

  /** The caller's invoice as a PDF; a foreign or unknown payment is NOT_FOUND. */
  invoice(userId: string, paymentId: string): Promise<{ fileName: string; pdf: Buffer }> {
    return this.render(paymentId, userId);
  }

  /**
   * The same invoice for the staff console, whoever paid it; the buyer of an erased account is
   * blank, as the sale is kept without the person.
   */
  staffInvoice(paymentId: string): Promise<{ fileName: string; pdf: Buffer }> {
    return this.render(paymentId, null);
  }

  private async render(paymentId: string, userId: string | null): Promise<{ fileName: string; pdf: Buffer }> {
    if (!UUID.test(paymentId)) throw new AppError(ErrorCode.NOT_FOUND);
    const [row] = (await this.dataSource.query(
      `SELECT p.invoice_number, p.created_at, p.kind, p.amount_cents, p.discount_cents, p.credits,
              s.quantity, pk.name AS pack_name, pl.name AS plan_name, p.cycle, p.period_start, p.period_end,
              COALESCE(u.name, '') AS buyer_name, COALESCE(u.email, '') AS buyer_email,
              COALESCE(u.company, '') AS buyer_company, COALESCE(u.language, 'es') AS language
         FROM payments p
         LEFT JOIN users u ON u.id = p.user_id
         LEFT JOIN checkout_sessions s ON s.id = p.session_id
         LEFT JOIN packs pk ON pk.code = s.pack_code
         LEFT JOIN plans pl ON pl.code = COALESCE(p.plan_code, s.plan_code)
        WHERE p.id = $1 AND ($2::uuid IS NULL OR p.user_id = $2)`,
      [paymentId, userId],
    )) as InvoiceRow[];
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    const pdf = await renderInvoice({
      language: row.language,
      number: row.invoice_number,
      date: row.created_at,
      buyer: { name: row.buyer_name, email: row.buyer_email, company: row.buyer_company },
      line: this.line(row),
      discountCents: row.discount_cents,
      totalCents: row.amount_cents,
    });
    return { fileName: `${row.invoice_number}.pdf`, pdf };
  }

  private line(row: InvoiceRow): Parameters<typeof renderInvoice>[0]['line'] {
    switch (row.kind) {
      case 'pack':
        return { kind: 'pack', name: row.pack_name ?? '', credits: row.credits };
      case 'subscription':
        return {
          kind: 'subscription',
          name: row.plan_name ?? '',
          cycle: row.cycle ?? 'monthly',
          periodStart: row.period_start,
          periodEnd: row.period_end,
        };
      case 'decoration':
        return { kind: 'decoration' };
      case 'extra_decorations':
        return { kind: 'extra_decorations', quantity: row.quantity ?? row.credits };
    }
  }
}
