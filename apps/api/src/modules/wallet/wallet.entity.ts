import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { LedgerReason } from '@estancia/contracts';

/** A user's credit balance; the database refuses a negative balance (CHECK balance >= 0). */
@Entity('wallets')
export class WalletEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('int')
  balance: number;
}

/** One credit movement. Append-only: the database refuses updates and deletes. */
@Entity('ledger_entries')
export class LedgerEntryEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('int')
  delta: number;

  @Column('int', { name: 'balance_after' })
  balanceAfter: number;

  @Column('text')
  reason: LedgerReason;

  @Column('text', { name: 'idempotency_key' })
  idempotencyKey: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
