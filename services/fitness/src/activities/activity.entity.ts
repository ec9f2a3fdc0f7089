import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ActivitySource } from '@runpledge/contracts';

/** One workout, stored once per source and external id. */
@Entity({ name: 'activities' })
export class ActivityEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  source: ActivitySource;

  @Column('text', { name: 'external_id', nullable: true })
  externalId: string | null;

  @Column('text')
  name: string;

  @Column('text', { name: 'sport_type' })
  sportType: string;

  @Column('double precision', { name: 'distance_meters' })
  distanceMeters: number;

  @Column('integer', { name: 'duration_seconds' })
  durationSeconds: number;

  /** Start to finish, pauses included; null where the source did not say (the moving time stands for it). */
  @Column('integer', { name: 'elapsed_seconds', nullable: true })
  elapsedSeconds: number | null;

  @Column('double precision', { name: 'elevation_gain_meters' })
  elevationGainMeters: number;

  @Column('timestamptz', { name: 'start_date' })
  startDate: Date;

  /** False for a Strava activity that Strava does not show to everyone: only its runner sees it here. */
  @Column('boolean', { name: 'visible_to_all', default: true })
  visibleToAll: boolean;

  /** Wall-clock start where the run happened; only read in SQL (weekly totals), never as a Date. */
  @Column('timestamp', { name: 'start_date_local', select: false })
  startDateLocal: string;
}
