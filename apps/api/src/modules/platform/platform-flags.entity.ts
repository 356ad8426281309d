import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The one row of platform switches (id 'status'); `updated_by` keeps who changed them last. */
@Entity('platform_flags')
export class PlatformFlagsEntity {
  @PrimaryColumn('text')
  id: 'status';

  @Column('boolean', { name: 'is_high_demand_free' })
  isHighDemandFree: boolean;

  @Column('boolean', { name: 'is_high_demand_auto' })
  isHighDemandAuto: boolean;

  @Column('boolean', { name: 'is_maintenance_mode' })
  isMaintenanceMode: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column('uuid', { name: 'updated_by', nullable: true })
  updatedBy: string | null;
}
