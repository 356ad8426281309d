import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A customer's property project; the counters are kept by the decorations module. */
@Entity('projects')
export class ProjectEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text', { name: 'property_name' })
  propertyName: string;

  @Column('int', { default: 0 })
  status: number;

  @Column('int', { name: 'images_completed', default: 0 })
  imagesCompleted: number;

  @Column('int', { name: 'total_images', default: 0 })
  totalImages: number;

  @Column('int', { name: 'credits_spent', default: 0 })
  creditsSpent: number;

  @Column('boolean', { name: 'new_images_available', default: false })
  newImagesAvailable: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** One uploaded photo: the cleaned original, its preview and thumbnail, all in storage. */
@Entity('project_images')
export class ProjectImageEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'project_id' })
  projectId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text', { name: 'original_key' })
  originalKey: string;

  @Column('text', { name: 'preview_key' })
  previewKey: string;

  @Column('text', { name: 'thumbnail_key' })
  thumbnailKey: string;

  @Column('int')
  width: number;

  @Column('int')
  height: number;

  @Column('int')
  bytes: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
