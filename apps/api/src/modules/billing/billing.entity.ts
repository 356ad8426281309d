import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { CouponScope, PackCode, PlanCode } from '@estancia/contracts';

/** A subscription plan: prices in cents EUR and its rights as data (read by PlanRights only). */
@Entity('plans')
export class PlanEntity {
  @PrimaryColumn('text')
  code: PlanCode;

  @Column('text')
  name: string;

  @Column('int', { name: 'monthly_price_cents' })
  monthlyPriceCents: number;

  @Column('int', { name: 'annual_price_cents' })
  annualPriceCents: number;

  /** Decorations granted every monthly period. */
  @Column('int', { name: 'included_decorations' })
  includedDecorations: number;

  @Column('boolean')
  watermark: boolean;

  @Column('boolean', { name: 'extra_edit_options' })
  extraEditOptions: boolean;

  @Column('boolean', { name: 'unlimited_editing' })
  unlimitedEditing: boolean;

  @Column('boolean', { name: 'all_rooms_and_styles' })
  allRoomsAndStyles: boolean;

  /** null: unlimited. */
  @Column('int', { name: 'descriptions_per_month', nullable: true })
  descriptionsPerMonth: number | null;

  @Column('boolean', { name: 'api_access' })
  apiAccess: boolean;

  @Column('boolean', { name: 'custom_limits' })
  customLimits: boolean;

  @Column('int', { name: 'sort_order' })
  sortOrder: number;

  @Column('boolean')
  active: boolean;
}

/** A credit pack sold once; `properties` is the band of properties it suits, e.g. '2-5'. */
@Entity('packs')
export class PackEntity {
  @PrimaryColumn('text')
  code: PackCode;

  @Column('text')
  name: string;

  @Column('int')
  credits: number;

  @Column('int', { name: 'price_cents' })
  priceCents: number;

  @Column('text')
  properties: string;

  @Column('int', { name: 'sort_order' })
  sortOrder: number;

  @Column('boolean')
  active: boolean;
}

/** A discount code: exactly one of percent or amount off (CHECK in the database). */
@Entity('coupons')
export class CouponEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  code: string;

  @Column('int', { name: 'percent_off', nullable: true })
  percentOff: number | null;

  @Column('int', { name: 'amount_off_cents', nullable: true })
  amountOffCents: number | null;

  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt: Date | null;

  @Column('int', { name: 'max_redemptions', nullable: true })
  maxRedemptions: number | null;

  @Column('int', { name: 'times_redeemed' })
  timesRedeemed: number;

  @Column('text', { name: 'applies_to' })
  appliesTo: CouponScope;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
