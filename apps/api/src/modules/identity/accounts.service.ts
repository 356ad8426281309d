import { Injectable } from '@nestjs/common';
import { ErrorCode, LIMITS, type Locale, type Role } from '@estancia/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { WalletService } from '../wallet/wallet.service';
import { newReferralCode, normaliseReferralCode } from './secrets';
import { UserEntity } from './user.entity';

export interface NewAccount {
  email: string;
  name: string;
  company?: string;
  language: Locale;
  role?: Role;
  passwordHash: string | null;
  googleSub?: string | null;
  referredByUserId?: string | null;
  verified: boolean;
}

/** Account rows: look-ups and creation (unique referral code, sign-up credit). */
@Injectable()
export class Accounts {
  constructor(
    private readonly dataSource: DataSource,
    private readonly wallet: WalletService,
  ) {}

  private repo(manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(UserEntity);
  }

  findById(id: string, manager?: EntityManager): Promise<UserEntity | null> {
    return this.repo(manager).findOneBy({ id });
  }

  findByEmail(email: string, manager?: EntityManager): Promise<UserEntity | null> {
    return this.repo(manager).findOneBy({ email: email.toLowerCase() });
  }

  findByGoogleSub(sub: string): Promise<UserEntity | null> {
    return this.repo().findOneBy({ googleSub: sub });
  }

  /** The referrer named by a referral code; REFERRAL_CODE_UNKNOWN (field flagged) when nobody has it. */
  async referrer(code: string): Promise<UserEntity | null> {
    if (!code.trim()) return null;
    const found = await this.repo().findOneBy({ referralCode: normaliseReferralCode(code) });
    if (!found)
      throw new AppError(ErrorCode.REFERRAL_CODE_UNKNOWN, { referralCode: ErrorCode.REFERRAL_CODE_UNKNOWN });
    return found;
  }

  /**
   * Creates the account inside the caller's transaction. EMAIL_ALREADY_EXISTS (field flagged) when
   * the e-mail is taken, even by a concurrent registration. Customers get the sign-up credit.
   */
  async create(m: EntityManager, input: NewAccount): Promise<UserEntity> {
    const email = input.email.toLowerCase();
    const taken = () =>
      new AppError(ErrorCode.EMAIL_ALREADY_EXISTS, { email: ErrorCode.EMAIL_ALREADY_EXISTS });
    if (await this.findByEmail(email, m)) throw taken();
    const role = input.role ?? 'customer';
    for (let attempt = 0; attempt < 8; attempt++) {
      // DO NOTHING instead of an error keeps the transaction usable; we then tell which unique value clashed.
      const [row] = (await m.query(
        `INSERT INTO users (email, name, company, language, role, password_hash, google_sub, referral_code, referred_by_user_id, verified_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $10::boolean THEN now() END)
         ON CONFLICT DO NOTHING RETURNING id`,
        [
          email,
          input.name,
          input.company ?? '',
          input.language,
          role,
          input.passwordHash,
          input.googleSub ?? null,
          newReferralCode(),
          input.referredByUserId ?? null,
          input.verified,
        ],
      )) as { id: string }[];
      if (row) {
        if (role === 'customer') {
          await this.wallet.grant(row.id, LIMITS.signupFreeCredits, 'signup_bonus', `signup:${row.id}`, m);
        }
        const user = await this.findById(row.id, m);
        if (!user) throw new Error('account vanished inside its own transaction');
        return user;
      }
      if (await this.findByEmail(email, m)) throw taken();
      if (input.googleSub && (await m.getRepository(UserEntity).findOneBy({ googleSub: input.googleSub }))) {
        throw new AppError(ErrorCode.GOOGLE_LOGIN_FAILED);
      }
    }
    throw new Error('could not find a free referral code');
  }
}
