import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { CheckoutKind, CheckoutState, PackCode } from '@estancia/contracts';

/**
 * What a customer is buying through a payment gateway. It leaves `open` only through one
 * conditional update (PaymentsService), so a session is paid or declined once.
 */
@Entity('checkout_sessions')
export class CheckoutSessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** NULL once the customer deleted their account: the sale is kept, the link to the person is not. */
  @Column('uuid', { name: 'user_id', nullable: true })
  userId: string | null;

  @Column('text')
  kind: CheckoutKind;

  @Column('text', { name: 'pack_code', nullable: true })
  packCode: PackCode | null;

  /** Credits bought, fixed when the session opened. */
  @Column('int')
  credits: number;

  @Column('int', { name: 'amount_cents' })
  amountCents: number;

  @Column('text')
  currency: 'EUR';

  @Column('text')
  state: CheckoutState;

  @Column('text')
  gateway: string;

  @Column('text', { name: 'gateway_ref', nullable: true })
  gatewayRef: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'completed_at', nullable: true })
  completedAt: Date | null;
}

/** A gateway event already handled; UNIQUE (gateway, event_id) makes a redelivery a no-op. */
@Entity('payment_events')
export class PaymentEventEntity {
  @PrimaryColumn('text')
  gateway: string;

  @PrimaryColumn('text', { name: 'event_id' })
  eventId: string;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt: Date;
}

/** The payment history: one row per paid session. */
@Entity('payments')
export class PaymentEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** NULL once the customer deleted their account: the sale is kept, the link to the person is not. */
  @Column('uuid', { name: 'user_id', nullable: true })
  userId: string | null;

  @Column('uuid', { name: 'session_id' })
  sessionId: string;

  @Column('int', { name: 'amount_cents' })
  amountCents: number;

  @Column('text')
  kind: CheckoutKind;

  @Column('int')
  credits: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
