import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** The reward a referred customer's payment earned their referrer, as a reversal needs it. */
export interface RewardOfPayment {
  referredUserId: string;
  referrerUserId: string;
  credits: number;
  reversed: boolean;
}

/** SQL of referral rewards: the one a payment earned, and its reversal. */
@Injectable()
export class ReferralRepository {
  /** The reward this payment earned, locked until the commit (a reversal runs once); null when none. */
  async rewardOfPaymentForUpdate(m: EntityManager, paymentId: string): Promise<RewardOfPayment | null> {
    const [row] = (await m.query(
      `SELECT referred_user_id, referrer_user_id, credits, reversed_at IS NOT NULL AS reversed
         FROM referral_rewards WHERE payment_id = $1 FOR UPDATE`,
      [paymentId],
    )) as { referred_user_id: string; referrer_user_id: string; credits: number; reversed: boolean }[];
    return row
      ? {
          referredUserId: row.referred_user_id,
          referrerUserId: row.referrer_user_id,
          credits: row.credits,
          reversed: row.reversed,
        }
      : null;
  }

  /** Marks the reward reversed with the credits actually taken back (what the referrer had unspent). */
  async markReversed(m: EntityManager, referredUserId: string, creditsTaken: number): Promise<void> {
    await m.query(
      `UPDATE referral_rewards SET reversed_at = now(), credits_reversed = $2 WHERE referred_user_id = $1`,
      [referredUserId, creditsTaken],
    );
  }
}
