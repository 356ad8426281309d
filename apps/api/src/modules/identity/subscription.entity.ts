import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { PlanCode } from '@estancia/contracts';

export const SUBSCRIPTION_CYCLES = ['monthly', 'annual'] as const;
export type SubscriptionCycle = (typeof SUBSCRIPTION_CYCLES)[number];

/** Stripe's subscription states; `active` and `trialing` give the user an active subscription. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A user's plan subscription. Created here for the user payload; the billing module fills it. */
@Entity('subscriptions')
export class SubscriptionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text', { name: 'plan_code' })
  planCode: PlanCode;

  @Column('text')
  cycle: SubscriptionCycle;

  @Column('text')
  status: SubscriptionStatus;

  @Column('timestamptz', { name: 'current_period_end' })
  currentPeriodEnd: Date;

  @Column('boolean', { name: 'cancel_at_period_end' })
  cancelAtPeriodEnd: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
