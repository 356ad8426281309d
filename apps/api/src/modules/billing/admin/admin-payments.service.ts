import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BILLING_CURRENCY,
  displayName,
  ErrorCode,
  FieldIssue,
  type AdminPayment,
  type AdminRefundRequest,
} from '@estancia/contracts';
import type { DataSource } from 'typeorm';
import { AppError } from '../../../infra/http/app-error';
import type { ListQuery } from '../../../infra/http/simple-rest';
import { mailTemplates } from '../../../infra/mail/mail-templates';
import { MailService } from '../../../infra/mail/mail.service';
import { AuditLog } from '../../audit/audit-log.service';
import { ReferralService } from '../../referral/referral.service';
import { WalletService } from '../../wallet/wallet.service';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../payment-gateway.port';
import { PaymentHistoryService } from '../payment-history.service';
import {
  AdminPaymentsRepository,
  type PaymentSortField,
  type RefundablePayment,
} from './admin-payments.repository';

/** Printable ASCII, as an HTTP header value can carry it; a UUID from the console fits easily. */
const CLIENT_KEY = /^[\x21-\x7e]{1,100}$/;

/**
 * Credits a refund takes back before the balance cap: the payment's credits in proportion to the
 * money refunded, rounded down on the running total. Computing on the total (not per refund) makes
 * partial refunds that add up to the whole payment take back exactly its credits, never one more.
 */
export function creditsOwedBack(
  payment: Pick<RefundablePayment, 'credits' | 'amountCents' | 'refundedCents'>,
  refundCents: number,
): number {
  const share = (refunded: number) => Math.floor((payment.credits * refunded) / payment.amountCents);
  return share(payment.refundedCents + refundCents) - share(payment.refundedCents);
}

/** What a recorded refund moved, to announce and tell the customer after the commit. */
interface RecordedRefund {
  customerId: string | null;
  creditsTaken: number;
  /** The referrer whose reward a full refund took credits back from. */
  referrerId: string | null;
}

/**
 * The console's payments: list, show, invoice, and refunds through the gateway. A refund is made at
 * the gateway first; only once it said yes are the refund, the credits taken back (ledger reason
 * `payment_refund`, never below a zero balance) and the audit row written, in one transaction. A
 * refund that leaves the payment fully refunded also takes back the referral reward it earned, in
 * the same transaction. The customer is told by e-mail after the commit.
 */
@Injectable()
export class AdminPaymentsService {
  private readonly logger = new Logger('AdminPayments');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: AdminPaymentsRepository,
    private readonly history: PaymentHistoryService,
    private readonly wallet: WalletService,
    private readonly auditLog: AuditLog,
    private readonly referrals: ReferralService,
    private readonly mail: MailService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  list(list: ListQuery<PaymentSortField>): Promise<{ rows: AdminPayment[]; total: number }> {
    return this.repository.list(list);
  }

  async show(id: string): Promise<AdminPayment> {
    const payment = await this.repository.find(id);
    if (!payment) throw new AppError(ErrorCode.NOT_FOUND);
    return payment;
  }

  /** The invoice PDF the customer downloads for this payment. */
  invoice(id: string): Promise<{ fileName: string; pdf: Buffer }> {
    return this.history.staffInvoice(id);
  }

  /**
   * Refunds `amountCents` of the payment (REFUND_EXCEEDS_PAYMENT past what is left). The same
   * staff member's Idempotency-Key (required) answers the payment again without refunding twice;
   * reused for another refund it is IDEMPOTENCY_CONFLICT. GATEWAY_ERROR when the gateway refuses,
   * and then nothing is recorded.
   */
  async refund(
    staffId: string,
    paymentId: string,
    request: AdminRefundRequest,
    clientKey: string | undefined,
  ): Promise<AdminPayment> {
    if (!clientKey || !CLIENT_KEY.test(clientKey))
      throw new AppError(ErrorCode.VALIDATION_FAILED, {
        'Idempotency-Key': clientKey ? FieldIssue.INVALID : FieldIssue.REQUIRED,
      });
    // Scoped to the staff member: two people's consoles never share keys.
    const key = `${staffId}:${clientKey}`;
    let gatewayRef: string | null = null;
    try {
      const recorded = await this.dataSource.transaction(async (m): Promise<RecordedRefund | null> => {
        const payment = await this.repository.lockForRefund(m, paymentId);
        if (!payment) throw new AppError(ErrorCode.NOT_FOUND);
        const prior = await this.repository.refundByKey(m, key);
        if (prior) {
          if (prior.paymentId !== paymentId || prior.amountCents !== request.amountCents)
            throw new AppError(ErrorCode.IDEMPOTENCY_CONFLICT);
          return null;
        }
        if (request.amountCents > payment.amountCents - payment.refundedCents)
          throw new AppError(ErrorCode.REFUND_EXCEEDS_PAYMENT);
        // Money goes back the way it came: a payment taken by another gateway cannot be refunded by this one.
        if (payment.gateway !== this.gateway.name) throw new AppError(ErrorCode.GATEWAY_ERROR);
        gatewayRef = await this.refundAtGateway(payment, request, key);

        const refundId = randomUUID();
        const owed = creditsOwedBack(payment, request.amountCents);
        const balance = payment.userId ? await this.repository.lockedBalance(m, payment.userId) : 0;
        const taken = Math.min(owed, balance);
        if (taken > 0 && payment.userId)
          await this.wallet.spend(payment.userId, taken, 'payment_refund', `payment_refund:${refundId}`, m);
        await this.repository.insertRefund(m, {
          id: refundId,
          paymentId,
          amountCents: request.amountCents,
          creditsTaken: taken,
          reason: request.reason,
          gatewayRef,
          idempotencyKey: key,
          createdBy: staffId,
        });
        await this.auditLog.record(m, {
          actorId: staffId,
          action: 'payments.refund',
          resource: 'payments',
          recordId: paymentId,
          before: { refundedCents: payment.refundedCents },
          after: {
            refundedCents: payment.refundedCents + request.amountCents,
            refund: { amountCents: request.amountCents, creditsTaken: taken, reason: request.reason },
          },
        });
        const fullyRefunded = payment.refundedCents + request.amountCents >= payment.amountCents;
        const reversal = fullyRefunded ? await this.referrals.reverseReward(m, paymentId) : null;
        if (reversal)
          await this.auditLog.record(m, {
            actorId: staffId,
            action: 'referrals.reward_reversed',
            resource: 'referrals',
            recordId: reversal.referredUserId,
            before: { rewardCredits: reversal.credits },
            after: { paymentId, refundId, creditsTaken: reversal.creditsTaken },
          });
        return {
          customerId: payment.userId,
          creditsTaken: taken,
          referrerId: reversal && reversal.creditsTaken > 0 ? reversal.referrerUserId : null,
        };
      });
      if (recorded) {
        if (recorded.customerId && recorded.creditsTaken > 0) await this.wallet.announce(recorded.customerId);
        if (recorded.referrerId) await this.wallet.announce(recorded.referrerId);
        await this.tellCustomer(paymentId, request.amountCents, recorded.creditsTaken);
      }
    } catch (error) {
      // The gateway refunded but nothing was recorded: the same key repeats it at the gateway as a no-op.
      if (gatewayRef)
        this.logger.error(`refund ${gatewayRef} of payment ${paymentId} not recorded: ${String(error)}`);
      throw error;
    }
    return this.show(paymentId);
  }

  /** The refund e-mail, in the customer's language. Never throws: the refund is already recorded. */
  private async tellCustomer(paymentId: string, amountCents: number, creditsTaken: number): Promise<void> {
    try {
      const customer = await this.repository.customerOf(paymentId);
      if (!customer) return;
      const amount = new Intl.NumberFormat(customer.language, {
        style: 'currency',
        currency: BILLING_CURRENCY,
      }).format(amountCents / 100);
      await this.mail.sendTemplate(
        customer.email,
        mailTemplates.paymentRefunded(customer.language, {
          name: displayName(customer),
          amount,
          invoice: customer.invoiceNumber,
          creditsTaken,
        }),
      );
    } catch (error) {
      this.logger.error(`refund e-mail for payment ${paymentId} not sent: ${String(error)}`);
    }
  }

  private async refundAtGateway(
    payment: RefundablePayment,
    request: AdminRefundRequest,
    key: string,
  ): Promise<string> {
    try {
      const { ref } = await this.gateway.refund({
        paymentRef: payment.paymentRef,
        checkoutRef: payment.checkoutRef,
        amountCents: request.amountCents,
        reason: request.reason,
        idempotencyKey: key,
      });
      return ref;
    } catch (error) {
      this.logger.warn(`gateway refused a refund of payment ${payment.id}: ${String(error)}`);
      throw new AppError(ErrorCode.GATEWAY_ERROR);
    }
  }
}
