import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A password-reset link. The link carries a long random token (the spec's `rowId`); the row's id is
 * its SHA-256, so a copy of the database does not hold usable links.
 */
@Entity('password_resets')
export class PasswordResetEntity {
  @PrimaryColumn('text')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
