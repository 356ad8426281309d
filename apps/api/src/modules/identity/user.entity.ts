import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Locale, Role } from '@estancia/contracts';

/** An account: customer or staff. The e-mail is stored lower-case; Google-only accounts have no password. */
@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  email: string;

  @Column('text')
  name: string;

  @Column('text')
  company: string;

  @Column('text')
  phone: string;

  @Column('text')
  language: Locale;

  @Column('text')
  role: Role;

  @Column('text', { name: 'password_hash', nullable: true })
  passwordHash: string | null;

  @Column('text', { name: 'google_sub', nullable: true })
  googleSub: string | null;

  @Column('text', { name: 'referral_code' })
  referralCode: string;

  @Column('uuid', { name: 'referred_by_user_id', nullable: true })
  referredByUserId: string | null;

  @Column('timestamptz', { name: 'verified_at', nullable: true })
  verifiedAt: Date | null;

  /** Set by an admin: the account cannot sign in, and its tokens and API keys stop working. */
  @Column('timestamptz', { name: 'blocked_at', nullable: true })
  blockedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
