import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Training setup of one runner page: when training started and the state of its Strava link. */
@Entity({ name: 'fitness_profiles' })
export class FitnessProfileEntity {
  @PrimaryColumn('uuid', { name: 'profile_id' })
  profileId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('date', { name: 'training_start_date', nullable: true })
  trainingStartDate: string | null;

  @Column('boolean', { name: 'strava_connected', default: false })
  stravaConnected: boolean;

  @Column('boolean', { name: 'needs_reconnect', default: false })
  needsReconnect: boolean;

  @Column({ name: 'last_synced_at', type: 'timestamptz', nullable: true })
  lastSyncedAt: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
