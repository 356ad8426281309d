import { z } from 'zod';
import { LEDGER_REASONS, type LedgerReason } from './enums';

export const ledgerEntrySchema = z.object({
  id: z.string(),
  userId: z.string(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  reason: z.enum(LEDGER_REASONS),
  idempotencyKey: z.string(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const walletSchema = z.object({ balance: z.number().int() });
export type Wallet = z.infer<typeof walletSchema>;

/** How the Account page groups a ledger row; derived from the ledger reason. */
export const TRANSACTION_KINDS = [
  'pack',
  'subscription',
  'referral',
  'decoration',
  'description',
  'refund',
  'signup',
  'adjustment',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** Every ledger reason has exactly one kind; a new reason fails typecheck until it is mapped here. */
export const TRANSACTION_KIND_BY_REASON: Record<LedgerReason, TransactionKind> = {
  signup_bonus: 'signup',
  pack_purchase: 'pack',
  decoration_purchase: 'decoration',
  subscription_grant: 'subscription',
  referral_reward: 'referral',
  referral_reward_reversed: 'referral',
  decoration: 'decoration',
  decoration_refund: 'refund',
  description: 'description',
  admin_adjustment: 'adjustment',
  payment_refund: 'refund',
};

/** Rows per page of GET wallet/transactions. */
export const WALLET_TRANSACTIONS_PAGE_SIZE = 20;

/** GET wallet/transactions?page= (1-based). */
export const walletTransactionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});
export type WalletTransactionsQuery = z.input<typeof walletTransactionsQuerySchema>;

/** One row of the user's credit history: `delta` is signed, `balanceAfter` the balance it left. */
export const walletTransactionSchema = z.object({
  id: z.string(),
  date: z.string(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  reason: z.enum(LEDGER_REASONS),
  kind: z.enum(TRANSACTION_KINDS),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

/** GET wallet/transactions: newest first. */
export const walletTransactionsResponseSchema = z.object({
  items: z.array(walletTransactionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type WalletTransactionsResponse = z.infer<typeof walletTransactionsResponseSchema>;

/**
 * GET wallet/statistics for the Account page. `creditsUsed` is spends net of refunds;
 * images count decorations the user can see ready; `since` is when the account was created.
 */
export const walletStatisticsSchema = z.object({
  creditsPurchased: z.number().int(),
  creditsUsed: z.number().int(),
  automaticImages: z.number().int(),
  supervisedImages: z.number().int(),
  descriptions: z.number().int(),
  creditsEarnedByReferrals: z.number().int(),
  since: z.string(),
});
export type WalletStatistics = z.infer<typeof walletStatisticsSchema>;
