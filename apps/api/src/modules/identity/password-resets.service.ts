import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, LIMITS, emailSchema, type StatusResponse } from '@estancia/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import { JobQueue } from '../../infra/queue/job-queue.service';
import type { JobOf } from '../../infra/queue/jobs';
import { OnJob } from '../../infra/queue/on-job.decorator';
import { AccountMail } from './account-mail.service';
import { Accounts } from './accounts.service';
import { RateLimiter } from './rate-limiter.service';
import { newResetToken, sha256 } from './secrets';

/**
 * "Forgot your password?": the request validates, counts against the rate limits and enqueues, the
 * same work whether or not the e-mail has an account, so neither the answer nor its timing tells.
 * The `password-reset.send` job looks the account up, stores the hashed link token and mails the link.
 */
@Injectable()
export class PasswordResets {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly accounts: Accounts,
    private readonly mail: AccountMail,
    private readonly limiter: RateLimiter,
    private readonly jobs: JobQueue,
  ) {}

  async request(rawEmail: string, ip: string): Promise<StatusResponse> {
    const parsed = emailSchema.safeParse(rawEmail);
    if (!parsed.success)
      throw new AppError(ErrorCode.VALIDATION_FAILED, { email: parsed.error.issues[0]?.message ?? 'email' });
    const email = parsed.data;
    await this.limiter.hit('reset-ip', ip, this.config.RATE_LIMIT_RESET_PER_IP);
    await this.limiter.hit('reset-email', email, this.config.RATE_LIMIT_RESET_PER_EMAIL);
    // The payload is an e-mail address: keep it in Redis no longer than the job needs it.
    await this.jobs.add(
      'password-reset.send',
      { email },
      { removeOnComplete: true, removeOnFail: { age: 24 * 3600 } },
    );
    return { status: 'sent' };
  }

  /** Unknown e-mails end here with no trace; a retry after a failed mail makes a fresh link. */
  @OnJob('password-reset.send')
  async send({ email }: JobOf<'password-reset.send'>): Promise<void> {
    const user = await this.accounts.findByEmail(email);
    if (!user) return;
    await this.mail.passwordReset(user, await this.newLink(this.dataSource.manager, user.id));
  }

  /**
   * Stores a fresh reset link of the account (inside the caller's transaction, when it has one) and answers
   * the token to mail; only its hash is kept. Also the staff console's "send a password-reset e-mail".
   */
  async newLink(m: EntityManager, userId: string): Promise<string> {
    const rowId = newResetToken();
    await m.query(
      `INSERT INTO password_resets (id, user_id, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`,
      [sha256(rowId), userId, LIMITS.passwordResetTtlMinutes],
    );
    return rowId;
  }
}
