import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, LIMITS, type ReferralSummary } from '@estancia/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import { WalletService } from '../wallet/wallet.service';
import { ReferralRepository } from './referral.repository';

/** The ledger key of the one reward a referred user can earn their referrer. */
export const referralRewardKey = (referredUserId: string): string => `referral:${referredUserId}`;

/** The ledger key of that reward's one reversal. */
export const referralReversalKey = (referredUserId: string): string => `referral_reversed:${referredUserId}`;

/** A reward taken back: whose, and how many credits of it (what the referrer had not spent). */
export interface RewardReversal {
  referrerUserId: string;
  referredUserId: string;
  credits: number;
  creditsTaken: number;
}

/** A user's name as other users see it: the name, else the e-mail's local part. SQL over `users u`. */
export const DISPLAY_NAME_SQL = (alias: string): string =>
  `COALESCE(NULLIF(${alias}.name, ''), split_part(${alias}.email, '@', 1))`;

/** The referral programme: a user's code earns them credits the first time a referred user pays. */
@Injectable()
export class ReferralService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly wallet: WalletService,
    private readonly repository: ReferralRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Inside the payment's transaction: when `userId` was referred and this is their first paid
   * payment, gives the referrer the reward once (referral_rewards row + ledger grant). Answers the
   * referrer's id (to announce after commit) or null.
   */
  async rewardFirstPurchase(m: EntityManager, userId: string, paymentId: string): Promise<string | null> {
    // The primary key on referred_user_id makes a concurrent first purchase wait here and insert
    // nothing; an earlier committed payment means this one is not the first.
    const rewarded = (await m.query(
      `INSERT INTO referral_rewards (referred_user_id, referrer_user_id, payment_id, credits)
       SELECT u.id, u.referred_by_user_id, $2, $3
         FROM users u
        WHERE u.id = $1
          AND u.referred_by_user_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.user_id = u.id AND p.id <> $2)
       ON CONFLICT (referred_user_id) DO NOTHING
       RETURNING referrer_user_id, credits`,
      [userId, paymentId, LIMITS.referralRewardCredits],
    )) as { referrer_user_id: string; credits: number }[];
    const [reward] = rewarded;
    if (!reward) return null;
    await this.wallet.grant(
      reward.referrer_user_id,
      reward.credits,
      'referral_reward',
      referralRewardKey(userId),
      m,
    );
    return reward.referrer_user_id;
  }

  /**
   * Inside the transaction of a refund that leaves `paymentId` fully refunded: takes back the reward
   * that payment earned (buy, reward, refund would otherwise be a free-credits loop). Takes what the
   * referrer has not spent, never below zero (ledger reason `referral_reward_reversed`), once. Answers
   * what was reversed, or null when the payment earned no reward or it was already reversed.
   */
  async reverseReward(m: EntityManager, paymentId: string): Promise<RewardReversal | null> {
    const reward = await this.repository.rewardOfPaymentForUpdate(m, paymentId);
    if (!reward || reward.reversed) return null;
    const balance = await this.wallet.lockedBalance(m, reward.referrerUserId);
    const taken = Math.min(reward.credits, balance);
    if (taken > 0)
      await this.wallet.spend(
        reward.referrerUserId,
        taken,
        'referral_reward_reversed',
        referralReversalKey(reward.referredUserId),
        m,
      );
    await this.repository.markReversed(m, reward.referredUserId, taken);
    return {
      referrerUserId: reward.referrerUserId,
      referredUserId: reward.referredUserId,
      credits: reward.credits,
      creditsTaken: taken,
    };
  }

  /** GET referral: the code to share and what it has earned so far. */
  async summary(userId: string): Promise<ReferralSummary> {
    const [row] = (await this.dataSource.query(
      `SELECT u.referral_code,
              (SELECT count(*)::int FROM users r WHERE r.referred_by_user_id = u.id) AS referred,
              (SELECT count(*)::int FROM referral_rewards w WHERE w.referrer_user_id = u.id) AS rewarded,
              (SELECT COALESCE(sum(credits - credits_reversed), 0)::int FROM referral_rewards w
                WHERE w.referrer_user_id = u.id) AS earned
         FROM users u WHERE u.id = $1`,
      [userId],
    )) as { referral_code: string; referred: number; rewarded: number; earned: number }[];
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    // The web's register page (route '/register/') fills the code in from `?ref=`.
    const shareUrl = `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/register/?ref=${encodeURIComponent(row.referral_code)}`;
    return {
      code: row.referral_code,
      shareUrl,
      referredUsers: row.referred,
      rewardedUsers: row.rewarded,
      creditsEarned: row.earned,
      rewardCredits: LIMITS.referralRewardCredits,
    };
  }
}
