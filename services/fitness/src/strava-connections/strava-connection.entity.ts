import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A user's link to their Strava athlete; tokens are AES-256-GCM sealed (token-cipher.util). */
@Entity({ name: 'strava_connections' })
export class StravaConnectionEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('text', { name: 'athlete_id' })
  athleteId: string;

  @Column('text', { name: 'scope' })
  scope: string;

  @Column('text', { name: 'access_token' })
  accessTokenSealed: string;

  @Column('text', { name: 'refresh_token' })
  refreshTokenSealed: string;

  @Column('timestamptz', { name: 'token_expires_at' })
  tokenExpiresAt: Date;

  @Column('date', { name: 'training_start_date', nullable: true })
  trainingStartDate: string | null;

  @Column('boolean', { name: 'public_display_consent' })
  publicDisplayConsent: boolean;

  @Column('boolean', { name: 'needs_reconnect' })
  needsReconnect: boolean;

  @Column('timestamptz', { name: 'last_synced_at', nullable: true })
  lastSyncedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
