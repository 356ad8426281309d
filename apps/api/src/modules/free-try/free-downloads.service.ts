import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  COSTS,
  ErrorCode,
  LIMITS,
  type FreeTryDownload,
  type Locale,
  type PurchaseFreeTryResponse,
} from '@estancia/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import { RateLimiter } from '../identity/rate-limiter.service';
import { newVerificationCode, sameHash, sha256, verificationCodeHash } from '../identity/secrets';
import { WalletService } from '../wallet/wallet.service';
import { FreeDownloadMail } from './free-download-mail.service';
import { FreeTryService } from './free-try.service';

interface CodeRow {
  id: string;
  code_hash: string;
  attempts: number;
  expired: boolean;
  consumed: boolean;
}

type CodeOutcome = 'granted' | ErrorCode;

/** E-mails are recognised by hash only (see the free_downloads migration). */
const emailHash = (email: string): string => sha256(email.trim().toLowerCase());

/**
 * The HD download of a free try (the clean, full-size result): free once per e-mail, by an e-mailed
 * code or by registering (the pending download), else for one credit. The one-per-e-mail rule is the
 * primary key of free_downloads: whichever of two racing requests inserts first gets the download.
 */
@Injectable()
export class FreeDownloads {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tries: FreeTryService,
    private readonly limiter: RateLimiter,
    private readonly mail: FreeDownloadMail,
    private readonly wallet: WalletService,
  ) {}

  /** E-mails a 6-digit code for this try; a new code replaces the earlier one. */
  async sendCode(id: string, email: string, ip: string, language: Locale): Promise<void> {
    await this.limitCodeAttempts(ip, email);
    await this.tries.ready(id);
    const hash = emailHash(email);
    if (await this.used(this.dataSource.manager, hash)) throw new AppError(ErrorCode.FREE_DOWNLOAD_USED);
    const code = newVerificationCode();
    await this.dataSource.transaction(async (m) => {
      await m.query(
        `DELETE FROM free_download_codes WHERE free_try_id = $1 AND email_hash = $2 AND consumed_at IS NULL`,
        [id, hash],
      );
      // No longer than the try itself lives.
      await m.query(
        `INSERT INTO free_download_codes (free_try_id, email_hash, code_hash, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
        [id, hash, this.codeHash(id, hash, code), LIMITS.freeTryExpiryMinutes],
      );
    });
    await this.mail.code(email, language, code);
  }

  /**
   * Checks the code like a sign-up code (keyed hash, expiry, 5 wrong tries burn it) and, in the same
   * transaction, records the e-mail's free download.
   */
  async verify(
    id: string,
    email: string,
    code: string,
    ip: string,
    locale: Locale,
  ): Promise<FreeTryDownload> {
    await this.limitCodeAttempts(ip, email);
    const freeTry = await this.tries.ready(id);
    const hash = emailHash(email);
    const outcome = await this.dataSource.transaction(async (m): Promise<CodeOutcome> => {
      const [row] = (await m.query(
        `SELECT id, code_hash, attempts, expires_at <= now() AS expired, consumed_at IS NOT NULL AS consumed
           FROM free_download_codes WHERE free_try_id = $1 AND email_hash = $2
          ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
        [id, hash],
      )) as CodeRow[];
      // After the lock: a racing request with the same code has committed its download by now.
      if (await this.used(m, hash)) return ErrorCode.FREE_DOWNLOAD_USED;
      if (!row || row.consumed) return ErrorCode.VERIFICATION_CODE_INVALID;
      if (row.attempts >= LIMITS.verificationCodeMaxAttempts) return ErrorCode.VERIFICATION_CODE_BURNED;
      if (row.expired) return ErrorCode.VERIFICATION_CODE_EXPIRED;
      if (!sameHash(row.code_hash, this.codeHash(id, hash, code))) {
        await m.query(`UPDATE free_download_codes SET attempts = attempts + 1 WHERE id = $1`, [row.id]);
        return row.attempts + 1 >= LIMITS.verificationCodeMaxAttempts
          ? ErrorCode.VERIFICATION_CODE_BURNED
          : ErrorCode.VERIFICATION_CODE_INVALID;
      }
      await m.query(`UPDATE free_download_codes SET consumed_at = now() WHERE id = $1`, [row.id]);
      // Another try's code for the same e-mail may have won meanwhile: then nothing of this one is kept.
      if (!(await this.record(m, hash, 'code', null))) throw new AppError(ErrorCode.FREE_DOWNLOAD_USED);
      return 'granted';
    });
    if (outcome !== 'granted')
      throw outcome === ErrorCode.FREE_DOWNLOAD_USED
        ? new AppError(outcome)
        : new AppError(outcome, { code: outcome });
    return { downloadUrl: this.tries.downloadUrl(freeTry, locale) };
  }

  /**
   * The pending free download after registering or signing in: given when the account is at most
   * LIMITS.freeDownloadWindowMinutes old and its e-mail's free download is unused.
   */
  async claim(id: string, userId: string, locale: Locale): Promise<FreeTryDownload> {
    const freeTry = await this.tries.ready(id);
    await this.dataSource.transaction(async (m) => {
      const [user] = (await m.query(
        `SELECT email, created_at > now() - make_interval(mins => $2) AS fresh FROM users WHERE id = $1`,
        [userId, LIMITS.freeDownloadWindowMinutes],
      )) as { email: string; fresh: boolean }[];
      if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED);
      const hash = emailHash(user.email);
      if (await this.used(m, hash)) throw new AppError(ErrorCode.FREE_DOWNLOAD_USED);
      if (!user.fresh) throw new AppError(ErrorCode.FREE_DOWNLOAD_EXPIRED);
      if (!(await this.record(m, hash, 'account', userId))) throw new AppError(ErrorCode.FREE_DOWNLOAD_USED);
    });
    return { downloadUrl: this.tries.downloadUrl(freeTry, locale) };
  }

  /** The paid path: one credit per try and user, charged once however often it is asked. */
  async purchase(id: string, userId: string, locale: Locale): Promise<PurchaseFreeTryResponse> {
    const freeTry = await this.tries.ready(id);
    await this.wallet.spend(
      userId,
      COSTS.automaticDecorationCredits,
      'decoration',
      `free-try:${id}:${userId}`,
    );
    return {
      downloadUrl: this.tries.downloadUrl(freeTry, locale),
      balance: await this.wallet.balance(userId),
    };
  }

  private async used(m: EntityManager, hash: string): Promise<boolean> {
    const [row] = (await m.query(`SELECT 1 FROM free_downloads WHERE email_hash = $1`, [hash])) as unknown[];
    return Boolean(row);
  }

  /** False when the e-mail already had its free download (a racing insert waits for the other to commit). */
  private async record(
    m: EntityManager,
    hash: string,
    via: 'code' | 'account',
    userId: string | null,
  ): Promise<boolean> {
    const inserted = (await m.query(
      `INSERT INTO free_downloads (email_hash, via, user_id) VALUES ($1, $2, $3)
       ON CONFLICT (email_hash) DO NOTHING RETURNING email_hash`,
      [hash, via, userId],
    )) as unknown[];
    return inserted.length > 0;
  }

  private async limitCodeAttempts(ip: string, email: string): Promise<void> {
    await this.limiter.hit('code-ip', ip, this.config.RATE_LIMIT_VALIDATION_PER_IP);
    await this.limiter.hit('code-email', email, this.config.RATE_LIMIT_VALIDATION_PER_EMAIL);
  }

  /** Keyed like sign-up codes, bound to this try and e-mail. */
  private codeHash(id: string, hash: string, code: string): string {
    return verificationCodeHash(this.config.JWT_SECRET, `free-try:${id}:${hash}`, code);
  }
}
