import { Injectable } from '@nestjs/common';
import { ErrorCode, type AdminUser, type Role } from '@estancia/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import type { ListQuery } from '../../infra/http/simple-rest';
import { AuditLog } from '../audit/audit-log.service';
import { AccountMail } from './account-mail.service';
import { AdminUsersRepository, type AdminUserSortField, type LockedUser } from './admin-users.repository';
import { IdentityService } from './identity.service';
import { PasswordResets } from './password-resets.service';
import { SessionService } from './session.service';

/**
 * The staff console's actions on customers' accounts (admins only). Each one locks the account, changes it,
 * writes one audit row in the same transaction, and answers the account as it is afterwards.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: AdminUsersRepository,
    private readonly audit: AuditLog,
    private readonly sessions: SessionService,
    private readonly identity: IdentityService,
    private readonly passwordResets: PasswordResets,
    private readonly mail: AccountMail,
  ) {}

  list(list: ListQuery<AdminUserSortField>): Promise<{ rows: AdminUser[]; total: number }> {
    return this.users.list(list);
  }

  async show(id: string): Promise<AdminUser> {
    const user = await this.users.find(id);
    if (!user) throw new AppError(ErrorCode.NOT_FOUND);
    return user;
  }

  /** An admin cannot change their own role: it could leave the console without an admin. */
  async changeRole(actorId: string, id: string, role: Role): Promise<AdminUser> {
    return this.act(actorId, id, { notSelf: true }, async (m, user) => {
      await this.users.setRole(m, id, role);
      return { action: 'users.change_role', before: { role: user.role }, after: { role } };
    });
  }

  /**
   * Blocks the account: signing in answers ACCOUNT_BLOCKED, every session ends and, once committed, their open
   * sockets close (in every api process), so the app stops at once; API keys are refused while blocked.
   */
  async block(actorId: string, id: string, reason: string): Promise<AdminUser> {
    return this.act(actorId, id, { notSelf: true }, async (m, was) => {
      await this.users.block(m, id, reason);
      const revoked = await this.sessions.revokeAll(id, m);
      return {
        action: 'users.block',
        before: { blocked: was.blockedAt !== null, blockedReason: was.blockedReason },
        after: { blocked: true, blockedReason: reason },
        // A socket that reconnects at once must already find its session revoked.
        afterCommit: async () => this.sessions.closeBlockedConnections(revoked),
      };
    });
  }

  /** Lifts a block: the person signs in again (their old sessions stay ended). */
  async unblock(actorId: string, id: string): Promise<AdminUser> {
    return this.act(actorId, id, {}, async (m, was) => {
      await this.users.unblock(m, id);
      return {
        action: 'users.unblock',
        before: { blocked: was.blockedAt !== null, blockedReason: was.blockedReason },
        after: { blocked: false, blockedReason: null },
      };
    });
  }

  /** Sends a new verification code (the old one stops working); ALREADY_VERIFIED for a verified account. */
  async resendVerification(actorId: string, id: string): Promise<AdminUser> {
    return this.act(actorId, id, {}, async (m, to) => {
      if (to.verifiedAt) throw new AppError(ErrorCode.ALREADY_VERIFIED);
      const code = await this.identity.replaceVerificationCode(m, id);
      return {
        action: 'users.send_verification_email',
        // Not the address: the log outlives an erased account, and the user id already names it.
        before: null,
        after: { mail: 'verification' },
        afterCommit: () => this.mail.verificationCode(to, code),
      };
    });
  }

  /** Mails a password-reset link, as "Forgot your password?" would (the current password keeps working). */
  async sendPasswordReset(actorId: string, id: string): Promise<AdminUser> {
    return this.act(actorId, id, {}, async (m, to) => {
      const link = await this.passwordResets.newLink(m, id);
      return {
        action: 'users.send_password_reset_email',
        before: null,
        after: { mail: 'password_reset' },
        afterCommit: () => this.mail.passwordReset(to, link),
      };
    });
  }

  /**
   * Locks the account, lets `change` alter it and say what changed, writes that as one audit row, all in one
   * transaction, then runs the change's `afterCommit` (mail, closing sockets); answers the account afterwards.
   * A foreign or malformed id is NOT_FOUND.
   */
  private async act(
    actorId: string,
    id: string,
    rules: { notSelf?: boolean },
    change: (m: EntityManager, user: LockedUser) => Promise<StaffChange>,
  ): Promise<AdminUser> {
    const { user, afterCommit } = await this.dataSource.transaction(async (m) => {
      const locked = await this.users.lock(m, id);
      if (!locked) throw new AppError(ErrorCode.NOT_FOUND);
      if (rules.notSelf && locked.id === actorId) throw new AppError(ErrorCode.FORBIDDEN);
      const { action, before, after, afterCommit } = await change(m, locked);
      await this.audit.record(m, { actorId, action, resource: 'users', recordId: id, before, after });
      const now = await this.users.find(id, m);
      if (!now) throw new AppError(ErrorCode.NOT_FOUND);
      return { user: now, afterCommit };
    });
    await afterCommit?.();
    return user;
  }
}

interface StaffChange {
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
  afterCommit?: () => Promise<void>;
}
