import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  FieldIssue,
  type AdminCreditGrantRequest,
  type AdminCreditRemovalRequest,
} from '@estancia/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { AuditLog } from '../audit/audit-log.service';
import { WalletService, type WalletChange } from '../wallet/wallet.service';
import { AdminUsersRepository } from './admin-users.repository';

/** Printable ASCII, as an HTTP header value can carry it; a UUID from the console fits easily. */
const CLIENT_KEY = /^[\x21-\x7e]{1,100}$/;

/**
 * Credits given or taken by staff from the console: a ledger entry (reason `admin_adjustment`, never a
 * balance edit), who did it and why (credit_grants) and one audit row, in one transaction.
 */
@Injectable()
export class CreditGrantsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly wallet: WalletService,
    private readonly users: AdminUsersRepository,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Grants once per (staff member, client key): a repeated submit answers the balance without
   * moving credits again. Answers the user's balance; an unknown user is NOT_FOUND.
   */
  grant(
    staffUserId: string,
    userId: string,
    request: AdminCreditGrantRequest,
    clientKey: string | undefined,
  ): Promise<{ balance: number }> {
    return this.adjust(staffUserId, userId, request.note, clientKey, 'users.grant_credits', (m, key) =>
      this.wallet.grant(userId, request.amount, 'admin_adjustment', key, m),
    );
  }

  /**
   * Takes credits back (a negative `admin_adjustment`), once per client key like a grant. Never below
   * zero: CREDIT_REMOVAL_EXCEEDS_BALANCE and nothing is written.
   */
  remove(
    staffUserId: string,
    userId: string,
    request: AdminCreditRemovalRequest,
    clientKey: string | undefined,
  ): Promise<{ balance: number }> {
    return this.adjust(
      staffUserId,
      userId,
      request.note,
      clientKey,
      'users.remove_credits',
      async (m, key) => {
        try {
          return await this.wallet.spend(userId, request.amount, 'admin_adjustment', key, m);
        } catch (error) {
          if (error instanceof AppError && error.code === ErrorCode.INSUFFICIENT_CREDITS)
            throw new AppError(ErrorCode.CREDIT_REMOVAL_EXCEEDS_BALANCE);
          throw error;
        }
      },
    );
  }

  private async adjust(
    staffUserId: string,
    userId: string,
    note: string,
    clientKey: string | undefined,
    action: string,
    move: (m: EntityManager, idempotencyKey: string) => Promise<WalletChange>,
  ): Promise<{ balance: number }> {
    if (!clientKey || !CLIENT_KEY.test(clientKey))
      throw new AppError(ErrorCode.VALIDATION_FAILED, {
        'Idempotency-Key': clientKey ? FieldIssue.INVALID : FieldIssue.REQUIRED,
      });
    const change = await this.dataSource.transaction(async (m) => {
      if (!(await this.users.exists(m, userId))) throw new AppError(ErrorCode.NOT_FOUND);
      // Scoped to the staff member: two people's consoles never share keys.
      const moved = await move(m, `admin:${staffUserId}:${clientKey}`);
      if (!moved.replayed) {
        const { entry } = moved;
        await this.users.recordCreditNote(m, entry.id, staffUserId, note);
        await this.audit.record(m, {
          actorId: staffUserId,
          action,
          resource: 'users',
          recordId: userId,
          before: { credits: entry.balanceAfter - entry.delta },
          after: { credits: entry.balanceAfter, note },
        });
      }
      return moved;
    });
    // The customer's open apps show the new balance without reloading (UserConfirmation).
    if (!change.replayed) await this.wallet.announce(userId);
    return { balance: await this.wallet.balance(userId) };
  }
}
