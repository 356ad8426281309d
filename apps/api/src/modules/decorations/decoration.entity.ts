import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { DecorationStage, DecorationState, DecorationType, RoomType, Style } from '@estancia/contracts';

export type DecorationFailure = 'GENERATION_ERROR' | 'GENERATION_TIMEOUT';

/** One ordered decoration of a project image; its result is its current version. */
@Entity('decorations')
export class DecorationEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'project_id' })
  projectId: string;

  @Column('uuid', { name: 'image_id' })
  imageId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  type: DecorationType;

  @Column('text', { name: 'room_type' })
  roomType: RoomType;

  @Column('text')
  style: Style;

  @Column('text')
  state: DecorationState;

  @Column('text')
  stage: DecorationStage;

  @Column('int')
  percent: number;

  @Column('text', { nullable: true })
  failure: DecorationFailure | null;

  @Column('int')
  credits: number;

  @Column('uuid', { name: 'current_version_id', nullable: true })
  currentVersionId: string | null;

  /** A delivered result's structure changed: the next redo is on us. */
  @Column('boolean', { name: 'free_redo', default: false })
  freeRedo: boolean;

  @Column('boolean', { name: 'awaiting_review' })
  awaitingReview: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** One render of a decoration (the order's first, then one per redo). */
@Entity('decoration_versions')
export class DecorationVersionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'decoration_id' })
  decorationId: string;

  @Column('int')
  number: number;

  @Column('text', { name: 'room_type' })
  roomType: RoomType;

  @Column('text')
  style: Style;

  @Column('int')
  seed: number;

  @Column('text', { name: 'result_key', nullable: true })
  resultKey: string | null;

  @Column('text', { name: 'thumbnail_key', nullable: true })
  thumbnailKey: string | null;

  @Column('text')
  state: DecorationState;

  @Column('int')
  credits: number;

  @Column('text', { name: 'charge_key' })
  chargeKey: string;

  @Column('int')
  attempts: number;

  /** Which engine drew it (null before it is rendered, or for an edit). */
  @Column('text', { nullable: true })
  engine: string | null;

  /** The structure guard's score of this result against the photo (0…1), and whether it flagged it. */
  @Column('real', { name: 'structure_score', nullable: true })
  structureScore: number | null;

  @Column('boolean', { name: 'structure_changed', default: false })
  structureChanged: boolean;

  @Column('boolean', { name: 'empty_room', default: false })
  emptyRoom: boolean;

  /** White where the engine added furniture, when it said so: paint and floors go under it. */
  @Column('text', { name: 'added_key', nullable: true })
  addedKey: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
