import { Injectable, Logger } from '@nestjs/common';
import {
  ErrorCode,
  TRANSACTION_KIND_BY_REASON,
  WALLET_TRANSACTIONS_PAGE_SIZE,
  type LedgerEntry,
  type LedgerReason,
  type WalletStatistics,
  type WalletTransactionsResponse,
} from '@estancia/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { MetricsService } from '../../infra/metrics/metrics.service';
import { Realtime } from '../../infra/realtime/realtime.service';
import { UserPayloadService } from '../identity/user-payload.service';

/** The result of a credit movement; `replayed` when the idempotency key had already moved credits. */
export interface WalletChange {
  entry: LedgerEntry;
  replayed: boolean;
}

interface LedgerRow {
  id: string;
  user_id: string;
  delta: number;
  balance_after: number;
  reason: LedgerReason;
  idempotency_key: string;
  created_at: Date;
}

const ENTRY_COLUMNS = 'id, user_id, delta, balance_after, reason, idempotency_key, created_at';
/** Namespace of the advisory locks that serialise movements sharing an idempotency key. */
const LEDGER_LOCK = 727002;

export const toLedgerEntry = (row: LedgerRow): LedgerEntry => ({
  id: row.id,
  userId: row.user_id,
  delta: row.delta,
  balanceAfter: row.balance_after,
  reason: row.reason,
  idempotencyKey: row.idempotency_key,
  createdAt: row.created_at.toISOString(),
});

/** Movements must be whole, positive credit amounts; anything else is a bug in the caller. */
export function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new RangeError(`credit amount must be a positive integer, got ${amount}`);
}

/**
 * The credit wallet. Every change is one conditional balance update plus its ledger row in one
 * transaction, keyed by a unique idempotency key, so retries move credits once and the balance
 * never goes below zero.
 *
 * Pass `manager` (inside a transaction) to move credits in the same transaction as your own rows;
 * then call `announce(userId)` after your commit so the user sees the new balance.
 */
@Injectable()
export class WalletService {
  private readonly logger = new Logger(WalletService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly payloads: UserPayloadService,
    private readonly realtime: Realtime,
    private readonly metrics: MetricsService,
  ) {}

  async grant(
    userId: string,
    amount: number,
    reason: LedgerReason,
    idempotencyKey: string,
    manager?: EntityManager,
  ): Promise<WalletChange> {
    assertAmount(amount);
    return this.move(userId, amount, reason, idempotencyKey, manager);
  }

  /** Takes credits; INSUFFICIENT_CREDITS (and nothing written) when the balance is too low. */
  async spend(
    userId: string,
    amount: number,
    reason: LedgerReason,
    idempotencyKey: string,
    manager?: EntityManager,
  ): Promise<WalletChange> {
    assertAmount(amount);
    return this.move(userId, -amount, reason, idempotencyKey, manager);
  }

  /** Gives back credits of a spend that did not deliver; use its own key (e.g. `refund:<spend key>`). */
  async refund(
    userId: string,
    amount: number,
    reason: LedgerReason,
    idempotencyKey: string,
    manager?: EntityManager,
  ): Promise<WalletChange> {
    assertAmount(amount);
    return this.move(userId, amount, reason, idempotencyKey, manager);
  }

  async balance(userId: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [row] = (await manager.query(`SELECT balance FROM wallets WHERE user_id = $1`, [userId])) as {
      balance: number;
    }[];
    return row?.balance ?? 0;
  }

  /**
   * Inside a transaction: the balance, with the wallet row locked until the commit, so what is taken
   * back from it is decided on a balance no concurrent spend can lower meanwhile.
   */
  async lockedBalance(m: EntityManager, userId: string): Promise<number> {
    const [row] = (await m.query(`SELECT balance FROM wallets WHERE user_id = $1 FOR UPDATE`, [userId])) as {
      balance: number;
    }[];
    return row?.balance ?? 0;
  }

  /** The user's ledger, newest first. */
  async ledger(
    userId: string,
    page: { skip: number; take: number } = { skip: 0, take: 100 },
  ): Promise<LedgerEntry[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${ENTRY_COLUMNS} FROM ledger_entries WHERE user_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT $3`,
      [userId, page.skip, page.take],
    )) as LedgerRow[];
    return rows.map(toLedgerEntry);
  }

  /** The user's credit history for the Account page: newest first, `WALLET_TRANSACTIONS_PAGE_SIZE` a page. */
  async transactions(userId: string, page: number): Promise<WalletTransactionsResponse> {
    const pageSize = WALLET_TRANSACTIONS_PAGE_SIZE;
    const [{ total }] = (await this.dataSource.query(
      `SELECT count(*)::int AS total FROM ledger_entries WHERE user_id = $1`,
      [userId],
    )) as { total: number }[];
    const entries = await this.ledger(userId, { skip: (page - 1) * pageSize, take: pageSize });
    return {
      items: entries.map((e) => ({
        id: e.id,
        date: e.createdAt,
        delta: e.delta,
        balanceAfter: e.balanceAfter,
        reason: e.reason,
        kind: TRANSACTION_KIND_BY_REASON[e.reason],
      })),
      total,
      page,
      pageSize,
    };
  }

  /**
   * The Account page's statistics. Credits come from the ledger (the one record of every movement);
   * images from decorations that reached `ready` (a supervised one only does so once staff approve it).
   */
  async statistics(userId: string): Promise<WalletStatistics> {
    const [row] = (await this.dataSource.query(
      `SELECT u.created_at AS since,
              COALESCE(l.purchased, 0)::int AS purchased,
              COALESCE(l.used, 0)::int AS used,
              COALESCE(l.descriptions, 0)::int AS descriptions,
              COALESCE(l.referrals, 0)::int AS referrals,
              COALESCE(d.automatic, 0)::int AS automatic,
              COALESCE(d.supervised, 0)::int AS supervised
         FROM users u
         LEFT JOIN LATERAL (
           SELECT sum(delta) FILTER (WHERE reason IN ('pack_purchase', 'subscription_grant') AND delta > 0) AS purchased,
                  -- spends are negative and refunds positive, so their negated sum is the net use
                  -sum(delta) FILTER (WHERE reason IN ('decoration', 'description', 'decoration_refund')) AS used,
                  count(*) FILTER (WHERE reason = 'description' AND delta < 0) AS descriptions,
                  sum(delta) FILTER (WHERE reason IN ('referral_reward', 'referral_reward_reversed')) AS referrals
             FROM ledger_entries WHERE user_id = u.id
         ) l ON true
         LEFT JOIN LATERAL (
           SELECT count(*) FILTER (WHERE type = 'automatic') AS automatic,
                  count(*) FILTER (WHERE type = 'supervised') AS supervised
             FROM decorations WHERE user_id = u.id AND state = 'ready'
         ) d ON true
        WHERE u.id = $1`,
      [userId],
    )) as {
      since: Date;
      purchased: number;
      used: number;
      descriptions: number;
      referrals: number;
      automatic: number;
      supervised: number;
    }[];
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return {
      creditsPurchased: row.purchased,
      creditsUsed: row.used,
      automaticImages: row.automatic,
      supervisedImages: row.supervised,
      descriptions: row.descriptions,
      creditsEarnedByReferrals: row.referrals,
      since: row.since.toISOString(),
    };
  }

  /** Pushes the fresh user payload (with credits) to the user's sockets. Never throws: credits already moved. */
  async announce(userId: string): Promise<void> {
    try {
      const user = await this.payloads.load(userId);
      if (user) this.realtime.toUser(userId, 'UserConfirmation', user);
    } catch (error) {
      this.logger.warn(`UserConfirmation for ${userId} not sent: ${String(error)}`);
    }
  }

  private async move(
    userId: string,
    delta: number,
    reason: LedgerReason,
    key: string,
    manager: EntityManager | undefined,
  ): Promise<WalletChange> {
    if (!key) throw new RangeError('an idempotency key is required');
    if (manager) {
      // Outside a transaction the statements below could run on different pooled connections.
      if (!manager.queryRunner?.isTransactionActive)
        throw new Error('WalletService needs a manager inside a transaction');
      return this.apply(manager, userId, delta, reason, key);
    }
    const change = await this.dataSource.transaction((m) => this.apply(m, userId, delta, reason, key));
    if (!change.replayed) await this.announce(userId);
    return change;
  }

  private async apply(
    m: EntityManager,
    userId: string,
    delta: number,
    reason: LedgerReason,
    key: string,
  ): Promise<WalletChange> {
    // A second call with the same key waits here until the first commits, then finds its entry.
    await m.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [LEDGER_LOCK, key]);
    const [prior] = (await m.query(`SELECT ${ENTRY_COLUMNS} FROM ledger_entries WHERE idempotency_key = $1`, [
      key,
    ])) as LedgerRow[];
    if (prior) {
      if (prior.user_id !== userId || prior.delta !== delta || prior.reason !== reason) {
        throw new AppError(ErrorCode.IDEMPOTENCY_CONFLICT);
      }
      return { entry: toLedgerEntry(prior), replayed: true };
    }
    const moved =
      delta < 0
        ? `UPDATE wallets SET balance = balance - $5 WHERE user_id = $1 AND balance >= $5 RETURNING balance`
        : `INSERT INTO wallets (user_id, balance) VALUES ($1, $5)
             ON CONFLICT (user_id) DO UPDATE SET balance = wallets.balance + EXCLUDED.balance RETURNING balance`;
    const [row] = (await m.query(
      `WITH moved AS (${moved})
       INSERT INTO ledger_entries (user_id, delta, balance_after, reason, idempotency_key)
       SELECT $1, $2, balance, $3, $4 FROM moved
       RETURNING ${ENTRY_COLUMNS}`,
      [userId, delta, reason, key, Math.abs(delta)],
    )) as LedgerRow[];
    if (!row) throw new AppError(ErrorCode.INSUFFICIENT_CREDITS);
    // Counted when this transaction commits (the caller's, when it passed its manager).
    if (delta < 0) this.metrics.creditsSpent(reason, -delta, m.queryRunner);
    return { entry: toLedgerEntry(row), replayed: false };
  }
}
