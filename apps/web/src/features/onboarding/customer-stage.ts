import type { WalletStatistics } from '@estancia/contracts';

/**
 * Where a signed-in customer without a subscription stands on GetStarted: `new` has never bought nor
 * spent a credit and has no project (their balance, if any, is the sign-up gift); `returning` has a
 * project or a purchase or a spend behind them (a pack buyer lands here: MyProjects sends them over);
 * `unknown` while the answers are missing (loading, or the API failed).
 */
export type CustomerStage = 'unknown' | 'new' | 'returning';

export function customerStage(
  projectsTotal: number | undefined,
  statistics: Pick<WalletStatistics, 'creditsPurchased' | 'creditsUsed'> | undefined,
): CustomerStage {
  if (projectsTotal === undefined) return 'unknown';
  if (projectsTotal > 0) return 'returning';
  if (!statistics) return 'unknown';
  return statistics.creditsPurchased > 0 || statistics.creditsUsed > 0 ? 'returning' : 'new';
}

/** The gift-credit copy is true only for a new customer who still holds a credit. */
export const hasGiftCredit = (stage: CustomerStage, credits: number): boolean =>
  stage === 'new' && credits >= 1;
