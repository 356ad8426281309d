import { z } from 'zod';
import { LEDGER_REASONS } from './enums';

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
