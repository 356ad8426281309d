import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  LIMITS,
  isLocale,
  type RegisterResponse,
  type SessionResponse,
  type StatusResponse,
  type UpdateProfileResponse,
  type loginRequestSchema,
  type oauthRequestSchema,
  type registerRequestSchema,
  type resetPasswordRequestSchema,
  type staffLoginRequestSchema,
  type updatePasswordRequestSchema,
  type updateProfileRequestSchema,
  type validationRequestSchema,
} from '@estancia/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import { JobQueue } from '../../infra/queue/job-queue.service';
import type { JobOf } from '../../infra/queue/jobs';
import { OnJob } from '../../infra/queue/on-job.decorator';
import { AccountMail } from './account-mail.service';
import { Accounts } from './accounts.service';
import { GoogleIdentity } from './google-identity';
import { assertPasswordNotCommon } from './password-strength';
import { hashPassword, passwordMatches } from './passwords';
import { RateLimiter } from './rate-limiter.service';
import { newVerificationCode, sameHash, sha256, verificationCodeHash } from './secrets';
import { SessionService, type AuthUser } from './session.service';
import { UserPayloadService } from './user-payload.service';
import type { UserEntity } from './user.entity';

type RegisterBody = z.output<typeof registerRequestSchema>;
type LoginBody = z.output<typeof loginRequestSchema>;
type StaffLoginBody = z.output<typeof staffLoginRequestSchema>;
type ValidationBody = z.output<typeof validationRequestSchema>;
type OauthBody = z.output<typeof oauthRequestSchema>;
type ResetBody = z.output<typeof resetPasswordRequestSchema>;
type ProfileBody = z.output<typeof updateProfileRequestSchema>;
type PasswordBody = z.output<typeof updatePasswordRequestSchema>;

interface CodeRow {
  id: string;
  code_hash: string;
  attempts: number;
  expired: boolean;
}

type CodeOutcome = 'verified' | ErrorCode;

/** The account flows of spec sections 4–8: register, verify, sign in (password or Google), reset, profile. */
@Injectable()
export class IdentityService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly accounts: Accounts,
    private readonly sessions: SessionService,
    private readonly payloads: UserPayloadService,
    private readonly limiter: RateLimiter,
    private readonly mail: AccountMail,
    private readonly google: GoogleIdentity,
    private readonly jobs: JobQueue,
  ) {}

  // ---- registration and e-mail verification ----

  /**
   * Creates an account that waits for its e-mailed code. Registering again while the account is still
   * unverified keeps that account (id, credit, referral code) and sends a fresh code instead of refusing.
   * A taken e-mail costs the same work as a new one (limits, password check and hash, a locked row), so
   * only the spec's "Email already exists" answer tells, not its timing.
   */
  async register(body: RegisterBody, ip: string): Promise<RegisterResponse> {
    await this.limiter.hit('code-ip', ip, this.config.RATE_LIMIT_VALIDATION_PER_IP);
    // Every registration may mail the address, so each counts against it like a resend.
    await this.limiter.hit('code-email', body.email, this.config.RATE_LIMIT_VALIDATION_PER_EMAIL);
    assertPasswordNotCommon(body.password, [body.email, body.name]);
    const referrer = await this.accounts.referrer(body.referralCode);
    const existing = await this.accounts.findByEmail(body.email);
    const passwordHash = await hashPassword(body.password);
    if (existing) return this.registerAgain(existing, body, referrer?.id ?? null, passwordHash);
    const code = newVerificationCode();
    let user: UserEntity;
    try {
      user = await this.dataSource.transaction(async (m) => {
        const created = await this.accounts.create(m, {
          email: body.email,
          name: body.name,
          company: body.company,
          language: body.language,
          passwordHash,
          referredByUserId: referrer?.id ?? null,
          verified: false,
        });
        await this.storeCode(m, created.id, code);
        return created;
      });
    } catch (error) {
      // A simultaneous registration of the same e-mail won: this one is a repeat of it.
      const raced =
        error instanceof AppError && error.code === ErrorCode.EMAIL_ALREADY_EXISTS
          ? await this.accounts.findByEmail(body.email)
          : null;
      if (!raced) throw error;
      return this.registerAgain(raced, body, referrer?.id ?? null, passwordHash);
    }
    await this.mail.verificationCode(user, code);
    return { data: { email: user.email, verificationRequired: true } };
  }

  /**
   * The same e-mail registers again before verifying (lost the code, mistyped the password): the latest
   * details win, since the person who enters the new code signs in with the password they just chose,
   * and only the mailbox owner gets that code. A verified account is still EMAIL_ALREADY_EXISTS.
   */
  private async registerAgain(
    existing: UserEntity,
    body: RegisterBody,
    referrerId: string | null,
    passwordHash: string,
  ): Promise<RegisterResponse> {
    const taken = () =>
      new AppError(ErrorCode.EMAIL_ALREADY_EXISTS, { email: ErrorCode.EMAIL_ALREADY_EXISTS });
    const code = newVerificationCode();
    // An account's own referral code never refers it.
    const referredBy = referrerId === existing.id ? null : referrerId;
    const updated = await this.dataSource.transaction(async (m) => {
      // The row lock serialises repeats, so exactly one unconsumed code is left.
      const [row] = (await m.query(`SELECT verified_at FROM users WHERE id = $1 FOR UPDATE`, [
        existing.id,
      ])) as { verified_at: Date | null }[];
      if (!row || row.verified_at) {
        // The writes a new account makes, undone: a taken e-mail answers in the time a free one takes.
        await m.query(`SAVEPOINT taken_email`);
        const decoy = await this.accounts.create(m, {
          email: `${randomUUID()}@taken.invalid`,
          name: body.name,
          company: body.company,
          language: body.language,
          passwordHash,
          verified: false,
        });
        await this.storeCode(m, decoy.id, code);
        await m.query(`ROLLBACK TO SAVEPOINT taken_email`);
        return null;
      }
      await m.query(
        `UPDATE users SET name = $2, company = $3, language = $4, password_hash = $5,
                referred_by_user_id = COALESCE($6, referred_by_user_id)
          WHERE id = $1`,
        [existing.id, body.name, body.company, body.language, passwordHash, referredBy],
      );
      await m.query(`DELETE FROM verification_codes WHERE user_id = $1 AND consumed_at IS NULL`, [
        existing.id,
      ]);
      await this.storeCode(m, existing.id, code);
      return this.accounts.findById(existing.id, m);
    });
    if (!updated) {
      // A verified account: its owner is told (the mail a new account's code costs), the caller refused.
      await this.mail.registrationAttempt(existing);
      throw taken();
    }
    await this.mail.verificationCode(updated, code);
    return { data: { email: updated.email, verificationRequired: true } };
  }

  /** Checks the e-mailed code; 5 wrong tries burn it, and it expires. */
  async verify(body: ValidationBody, ip: string): Promise<StatusResponse> {
    await this.limitCodeAttempts(ip, body.email);
    const user = await this.accounts.findByEmail(body.email);
    // A verified account has no code left to try: answered as an unknown e-mail, which tells nothing.
    if (!user || user.verifiedAt) throw this.codeError(ErrorCode.VERIFICATION_CODE_INVALID);
    // The outcome is decided inside the transaction but thrown after it, so a wrong try still counts.
    const outcome = await this.dataSource.transaction(async (m): Promise<CodeOutcome> => {
      const [code] = (await m.query(
        `SELECT id, code_hash, attempts, expires_at <= now() AS expired FROM verification_codes
          WHERE user_id = $1 AND consumed_at IS NULL ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
        [user.id],
      )) as CodeRow[];
      if (!code) return ErrorCode.VERIFICATION_CODE_INVALID;
      if (code.attempts >= LIMITS.verificationCodeMaxAttempts) return ErrorCode.VERIFICATION_CODE_BURNED;
      if (code.expired) return ErrorCode.VERIFICATION_CODE_EXPIRED;
      if (!sameHash(code.code_hash, verificationCodeHash(this.config.JWT_SECRET, user.id, body.token))) {
        await m.query(`UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1`, [code.id]);
        return code.attempts + 1 >= LIMITS.verificationCodeMaxAttempts
          ? ErrorCode.VERIFICATION_CODE_BURNED
          : ErrorCode.VERIFICATION_CODE_INVALID;
      }
      await m.query(`UPDATE verification_codes SET consumed_at = now() WHERE id = $1`, [code.id]);
      await m.query(`UPDATE users SET verified_at = now() WHERE id = $1 AND verified_at IS NULL`, [user.id]);
      return 'verified';
    });
    if (outcome !== 'verified') throw this.codeError(outcome);
    return { status: 'verified' };
  }

  /**
   * Sends a new code and invalidates the old one. The request only counts the limits and enqueues, the
   * same work for an unknown, an unverified and a verified e-mail, so neither the answer nor its timing
   * tells them apart; the `verification.resend` job mails unverified accounts only.
   */
  async resendCode(email: string, ip: string): Promise<StatusResponse> {
    await this.limitCodeAttempts(ip, email);
    await this.queueCodeResend(email);
    return { status: 'sent' };
  }

  private async queueCodeResend(email: string): Promise<void> {
    // The payload is an e-mail address: keep it in Redis no longer than the job needs it.
    await this.jobs.add(
      'verification.resend',
      { email: email.toLowerCase() },
      { removeOnComplete: true, removeOnFail: { age: 24 * 3600 } },
    );
  }

  /** Unknown and verified e-mails end here with no trace. */
  @OnJob('verification.resend')
  async sendCodeAgain({ email }: JobOf<'verification.resend'>): Promise<void> {
    const user = await this.accounts.findByEmail(email);
    if (!user || user.verifiedAt) return;
    const code = await this.dataSource.transaction((m) => this.replaceVerificationCode(m, user.id));
    await this.mail.verificationCode(user, code);
  }

  /**
   * A fresh code for the account inside the caller's transaction, invalidating the unused ones; mail the
   * answer once it commits. Also the staff console's "resend verification".
   */
  async replaceVerificationCode(m: EntityManager, userId: string): Promise<string> {
    const code = newVerificationCode();
    await m.query(`DELETE FROM verification_codes WHERE user_id = $1 AND consumed_at IS NULL`, [userId]);
    await this.storeCode(m, userId, code);
    return code;
  }

  // ---- signing in and out ----

  async login(body: LoginBody, ip: string): Promise<SessionResponse> {
    const user = await this.checkCredentials(body.login, body.password, ip);
    // Only after the right password, so the answer tells nothing about whose e-mail is registered.
    if (user.blockedAt) throw new AppError(ErrorCode.ACCOUNT_BLOCKED);
    if (!user.verifiedAt) throw new AppError(ErrorCode.EMAIL_NOT_VERIFIED);
    if (body.language && body.language !== user.language) {
      await this.dataSource.query(`UPDATE users SET language = $2 WHERE id = $1`, [user.id, body.language]);
    }
    return this.openSession(user.id);
  }

  /** Staff console sign-in: the same checks as login, and customers are refused with STAFF_ONLY. */
  async staffLogin(body: StaffLoginBody, ip: string): Promise<SessionResponse> {
    const user = await this.checkCredentials(body.username, body.password, ip);
    if (user.role === 'customer') throw new AppError(ErrorCode.STAFF_ONLY);
    if (!user.verifiedAt) throw new AppError(ErrorCode.INVALID_CREDENTIALS);
    if (user.blockedAt) throw new AppError(ErrorCode.ACCOUNT_BLOCKED);
    return this.openSession(user.id);
  }

  /** Google sign-in: signs in the account with that Google id, links one with that e-mail, or creates one. */
  async googleSignIn(body: OauthBody, ip: string): Promise<SessionResponse> {
    if (!this.google.enabled) throw new AppError(ErrorCode.GOOGLE_LOGIN_DISABLED);
    await this.limiter.hit('login-ip', ip, this.config.RATE_LIMIT_LOGIN_PER_IP);
    const profile = await this.google.verify(body.token);
    const known = await this.accounts.findByGoogleSub(profile.sub);
    if (known?.blockedAt) throw new AppError(ErrorCode.ACCOUNT_BLOCKED);
    if (known) return this.openSession(known.id);
    const sameEmail = await this.accounts.findByEmail(profile.email);
    if (sameEmail) {
      if (sameEmail.googleSub) throw new AppError(ErrorCode.GOOGLE_LOGIN_FAILED);
      if (sameEmail.blockedAt) throw new AppError(ErrorCode.ACCOUNT_BLOCKED);
      // Google vouches for the e-mail, so linking also completes a pending verification.
      await this.dataSource.query(
        `UPDATE users SET google_sub = $2, verified_at = COALESCE(verified_at, now()) WHERE id = $1`,
        [sameEmail.id, profile.sub],
      );
      return this.openSession(sameEmail.id);
    }
    const referrer = await this.accounts.referrer(body.referralCode);
    const user = await this.dataSource.transaction((m) =>
      this.accounts.create(m, {
        email: profile.email,
        name: profile.name,
        language: body.language,
        passwordHash: null,
        googleSub: profile.sub,
        referredByUserId: referrer?.id ?? null,
        verified: true,
      }),
    );
    return this.openSession(user.id);
  }

  /** The caller's payload with the token they already hold. */
  async profile(auth: AuthUser, token: string): Promise<SessionResponse> {
    return { token, user: await this.payloads.require(auth.userId) };
  }

  async logout(auth: AuthUser): Promise<StatusResponse> {
    await this.sessions.revoke(auth.sessionId);
    return { status: 'ok' };
  }

  /** Stores the interface language of a signed-in caller; anything else is ignored (the app swallows errors). */
  async setLanguage(auth: AuthUser | undefined, language: string): Promise<StatusResponse> {
    if (auth && isLocale(language)) {
      await this.dataSource.query(`UPDATE users SET language = $2 WHERE id = $1`, [auth.userId, language]);
    }
    return { status: 'ok' };
  }

  // ---- passwords ----

  /** Sets a new password from a reset link (usable once); every session of the account ends. */
  async resetPassword(body: ResetBody, ip: string): Promise<StatusResponse> {
    await this.limiter.hit('reset-ip', ip, this.config.RATE_LIMIT_RESET_PER_IP);
    assertPasswordNotCommon(body.password);
    const passwordHash = await hashPassword(body.password);
    const done = await this.dataSource.transaction(async (m) => {
      const [used] = (await m.query(
        `WITH used AS (
           UPDATE password_resets SET used_at = now()
            WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id
         ) SELECT user_id FROM used`,
        [sha256(body.rowId)],
      )) as { user_id: string }[];
      if (!used) return null;
      // The link proves the person reads that mailbox, which is what verification asks.
      await m.query(
        `UPDATE users SET password_hash = $2, verified_at = COALESCE(verified_at, now()) WHERE id = $1`,
        [used.user_id, passwordHash],
      );
      await m.query(`UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [
        used.user_id,
      ]);
      return this.sessions.revokeAll(used.user_id, m);
    });
    if (!done) throw new AppError(ErrorCode.RESET_LINK_INVALID);
    this.sessions.closeConnections(done);
    return { status: 'changed' };
  }

  /** Changes the password of the signed-in user: all their tokens stop working; a new one is returned. */
  async updatePassword(auth: AuthUser, body: PasswordBody, ip: string): Promise<SessionResponse> {
    await this.limiter.hit('reset-ip', ip, this.config.RATE_LIMIT_RESET_PER_IP);
    await this.limiter.hit('reset-email', auth.userId, this.config.RATE_LIMIT_RESET_PER_EMAIL);
    const user = await this.accounts.findById(auth.userId);
    if (!user || !(await passwordMatches(user.passwordHash, body.currentPassword))) {
      throw new AppError(ErrorCode.CURRENT_PASSWORD_WRONG, {
        currentPassword: ErrorCode.CURRENT_PASSWORD_WRONG,
      });
    }
    assertPasswordNotCommon(body.password, [user.email, user.name]);
    const passwordHash = await hashPassword(body.password);
    const { token, revoked } = await this.dataSource.transaction(async (m) => {
      await m.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [user.id, passwordHash]);
      const ended = await this.sessions.revokeAll(user.id, m);
      return { token: await this.sessions.open(user.id, m), revoked: ended };
    });
    // Every device's live connection closes, this one's too: the app reconnects with the new token.
    this.sessions.closeConnections(revoked);
    return { token, user: await this.payloads.require(user.id) };
  }

  async updateProfile(auth: AuthUser, body: ProfileBody): Promise<UpdateProfileResponse> {
    await this.dataSource.query(`UPDATE users SET name = $2, company = $3, phone = $4 WHERE id = $1`, [
      auth.userId,
      body.name,
      body.company,
      body.phone,
    ]);
    return { user: await this.payloads.require(auth.userId) };
  }

  // ---- helpers ----

  /**
   * Wrong password, unknown e-mail and Google-only accounts all answer INVALID_CREDENTIALS after the same
   * password hashing work, so the answer reveals nothing. Callers decide about unverified accounts.
   * Wrong passwords slow down only the client that typed them (RateLimiter.loginFailed).
   */
  private async checkCredentials(email: string, password: string, ip: string): Promise<UserEntity> {
    await this.limiter.hit('login-ip', ip, this.config.RATE_LIMIT_LOGIN_PER_IP);
    await this.limiter.waitForLoginTurn(email, ip);
    const user = await this.accounts.findByEmail(email);
    const matches = await passwordMatches(user?.passwordHash, password);
    if (!user || !matches) {
      await this.limiter.loginFailed(email, ip, this.config.RATE_LIMIT_LOGIN_PER_EMAIL);
      throw new AppError(ErrorCode.INVALID_CREDENTIALS);
    }
    await this.limiter.loginSucceeded(email, ip);
    return user;
  }

  private async openSession(userId: string): Promise<SessionResponse> {
    const token = await this.sessions.open(userId);
    return { token, user: await this.payloads.require(userId) };
  }

  private async limitCodeAttempts(ip: string, email: string): Promise<void> {
    await this.limiter.hit('code-ip', ip, this.config.RATE_LIMIT_VALIDATION_PER_IP);
    await this.limiter.hit('code-email', email, this.config.RATE_LIMIT_VALIDATION_PER_EMAIL);
  }

  private codeError(code: ErrorCode): AppError {
    return new AppError(code, { token: code });
  }

  private async storeCode(m: EntityManager, userId: string, code: string): Promise<void> {
    await m.query(
      `INSERT INTO verification_codes (user_id, code_hash, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`,
      [userId, verificationCodeHash(this.config.JWT_SECRET, userId, code), LIMITS.verificationCodeTtlMinutes],
    );
  }
}
