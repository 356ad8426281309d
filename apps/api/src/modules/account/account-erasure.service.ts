import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode, type StatusResponse, type deleteAccountRequestSchema } from '@estancia/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import { Storage } from '../../infra/storage/storage.port';
import { AuditLog } from '../audit/audit-log.service';
import { passwordMatches } from '../identity/passwords';
import { RateLimiter } from '../identity/rate-limiter.service';
import { SessionService, type AuthUser } from '../identity/session.service';
import { isUuid, projectPrefix } from '../projects/projects.service';
import { AccountRecords } from './account.repository';

type DeleteBody = z.output<typeof deleteAccountRequestSchema>;

/**
 * "Delete my account": after the password (or, without one, the e-mail typed again) the account's
 * rows go in one transaction, its sessions end and their live connections close, then its files go.
 * Payments stay, no longer linked to anyone.
 */
@Injectable()
export class AccountErasure {
  private readonly logger = new Logger('AccountErasure');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly records: AccountRecords,
    private readonly sessions: SessionService,
    private readonly limiter: RateLimiter,
    private readonly storage: Storage,
    private readonly audit: AuditLog,
  ) {}

  async erase(auth: AuthUser, body: DeleteBody, ip: string): Promise<StatusResponse> {
    // Guessing the password here is as limited as on the password-change form.
    await this.limiter.hit('reset-ip', ip, this.config.RATE_LIMIT_RESET_PER_IP);
    await this.limiter.hit('reset-email', auth.userId, this.config.RATE_LIMIT_RESET_PER_EMAIL);
    const account = await this.records.account(auth.userId);
    if (!account) throw new AppError(ErrorCode.UNAUTHENTICATED);
    // Staff accounts are closed by an admin, not from the customer app.
    if (account.role !== 'customer') throw new AppError(ErrorCode.FORBIDDEN);
    if (account.password_hash) {
      if (!(await passwordMatches(account.password_hash, body.password)))
        throw new AppError(ErrorCode.CURRENT_PASSWORD_WRONG, { password: ErrorCode.CURRENT_PASSWORD_WRONG });
    } else if (body.confirmation.toLowerCase() !== account.email.toLowerCase()) {
      throw new AppError(ErrorCode.DELETION_NOT_CONFIRMED, {
        confirmation: ErrorCode.DELETION_NOT_CONFIRMED,
      });
    }
    // The gateway would keep charging a card nobody can see any more.
    if (await this.records.hasRenewingSubscription(account.id))
      throw new AppError(ErrorCode.SUBSCRIPTION_RENEWS);

    if (!(await this.remove(account))) throw new AppError(ErrorCode.UNAUTHENTICATED);
    return { status: 'deleted' };
  }

  /**
   * GDPR erasure by an admin (DELETE /data/admin/users/:id): the same removal, with no password, and one audit
   * row in the erasing transaction that keeps the reason but nothing that names the person. An admin cannot
   * erase themselves; a subscription that still renews must be cancelled first (SUBSCRIPTION_RENEWS).
   */
  async eraseByStaff(staffUserId: string, userId: string, reason: string): Promise<{ id: string }> {
    if (!isUuid(userId)) throw new AppError(ErrorCode.NOT_FOUND);
    if (userId === staffUserId) throw new AppError(ErrorCode.FORBIDDEN);
    const account = await this.records.account(userId);
    if (!account) throw new AppError(ErrorCode.NOT_FOUND);
    if (await this.records.hasRenewingSubscription(account.id))
      throw new AppError(ErrorCode.SUBSCRIPTION_RENEWS);
    const removed = await this.remove(account, (m) =>
      this.audit.record(m, {
        actorId: staffUserId,
        action: 'users.erase',
        resource: 'users',
        recordId: account.id,
        before: { role: account.role, verified: account.verified_at !== null },
        after: { erased: true, reason },
      }),
    );
    if (!removed) throw new AppError(ErrorCode.NOT_FOUND);
    return { id: account.id };
  }

  /**
   * The account's rows go in one transaction (with `within`'s own writes), its sessions end and their live
   * connections close, then its files go. False when the account was already gone.
   */
  private async remove(
    account: { id: string; email: string },
    within?: (m: EntityManager) => Promise<void>,
  ): Promise<boolean> {
    const erased = await this.dataSource.transaction(async (m) => {
      if (!(await this.records.lock(m, account.id))) return null;
      const sessionIds = await this.sessions.revokeAll(account.id, m);
      const projectIds = await this.records.projectIds(m, account.id);
      await within?.(m);
      await this.records.erase(m, account);
      return { sessionIds, projectIds };
    });
    if (!erased) return false;
    this.sessions.closeConnections(erased.sessionIds);
    await this.removeFiles(erased.projectIds);
    return true;
  }

  /**
   * The rows are gone, so the answer is "deleted" even if a file removal fails: that is logged with
   * the folder to clean. A render still running writes after this, and removes its own leftovers
   * when it finds its project gone.
   */
  private async removeFiles(projectIds: string[]): Promise<void> {
    for (const projectId of projectIds) {
      await this.storage.deletePrefix(projectPrefix(projectId)).catch((error: unknown) => {
        this.logger.error(
          `Files under ${projectPrefix(projectId)} of an erased account not removed: ${String(error)}`,
        );
      });
    }
  }
}
