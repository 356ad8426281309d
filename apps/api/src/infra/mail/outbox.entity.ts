import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Every e-mail the product sends, kept for the staff console; `sent_at` marks delivery so a retried job sends once. */
@Entity('outbox')
export class OutboxMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  to: string;

  @Column('text')
  subject: string;

  @Column('text')
  text: string;

  @Column('text')
  html: string;

  @Column('text')
  template: string;

  /** The values the subject was written with, to write it again in the staff member's language (see outbox-subject). */
  @Column('jsonb', { name: 'subject_params', nullable: true })
  subjectParams: Record<string, string | number> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'sent_at', nullable: true })
  sentAt: Date | null;

  @Column('text', { nullable: true })
  error: string | null;

  @Column('int')
  attempts: number;
}
