import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { StravaConnectionEntity } from '../strava-connections/strava-connection.entity.js';
import { FitnessProfileEntity } from './fitness-profile.entity.js';

/** A page's runner's training setup, as the public fitness profile shows it. */
export interface TrainingSetupRow {
  trainingStartDate: string | null;
  needsReconnect: boolean;
  lastSyncedAt: Date | null;
  publicDisplayConsent: boolean;
}

@Injectable()
export class FitnessProfilesRepository {
  constructor(@InjectRepository(FitnessProfileEntity) private readonly profiles: Repository<FitnessProfileEntity>) {}

  findByProfileId(profileId: string): Promise<FitnessProfileEntity | null> {
    return this.profiles.findOneBy({ profileId });
  }

  /**
   * The training setup of a page's runner, in one plain query (no query builder, no entities: the
   * public fitness profile is the hottest uncached read); null when the page or its Strava link is unknown.
   */
  async findTrainingSetup(profileId: string): Promise<TrainingSetupRow | null> {
    const pages = this.profiles.metadata.tablePath;
    const connections = this.profiles.manager.connection.getMetadata(StravaConnectionEntity).tablePath;
    const rows = (await this.profiles.query(
      `SELECT c.training_start_date::text AS "trainingStartDate", c.needs_reconnect AS "needsReconnect",
              c.last_synced_at AS "lastSyncedAt", c.public_display_consent AS "publicDisplayConsent"
         FROM ${pages} p JOIN ${connections} c ON c.user_id = p.user_id
        WHERE p.profile_id = $1`,
      [profileId],
    )) as TrainingSetupRow[];
    return rows[0] ?? null;
  }

  /**
   * The training setup of a page, if the page is `userId`'s: null when it is not (or fitness has no
   * copy of it yet); `setup` null when its runner has no Strava link. One plain query, as above.
   */
  async findOwnTrainingSetup(profileId: string, userId: string): Promise<{ setup: TrainingSetupRow | null } | null> {
    const pages = this.profiles.metadata.tablePath;
    const connections = this.profiles.manager.connection.getMetadata(StravaConnectionEntity).tablePath;
    const rows = (await this.profiles.query(
      `SELECT c.user_id IS NOT NULL AS "connected",
              c.training_start_date::text AS "trainingStartDate", c.needs_reconnect AS "needsReconnect",
              c.last_synced_at AS "lastSyncedAt", c.public_display_consent AS "publicDisplayConsent"
         FROM ${pages} p LEFT JOIN ${connections} c ON c.user_id = p.user_id
        WHERE p.profile_id = $1 AND p.user_id = $2`,
      [profileId, userId],
    )) as (TrainingSetupRow & { connected: boolean })[];
    const row = rows[0];
    if (row === undefined) return null;
    const { connected, ...setup } = row;
    return { setup: connected ? setup : null };
  }

  findBySlug(urlSlug: string): Promise<FitnessProfileEntity | null> {
    return this.profiles.findOneBy({ urlSlug });
  }

  async userHasPage(userId: string): Promise<boolean> {
    return (await this.profiles.countBy({ userId })) > 0;
  }

  /** The page as first announced; a copy already there is newer (its slug may have moved since). */
  async insertIfAbsent(
    manager: EntityManager,
    page: { profileId: string; userId: string; urlSlug: string },
  ): Promise<void> {
    await manager.createQueryBuilder().insert().into(FitnessProfileEntity).values(page).orIgnore().execute();
  }

  async upsert(manager: EntityManager, page: { profileId: string; userId: string; urlSlug: string }): Promise<void> {
    await manager.upsert(FitnessProfileEntity, page, ['profileId']);
  }

  async delete(manager: EntityManager, profileId: string): Promise<void> {
    await manager.delete(FitnessProfileEntity, { profileId });
  }
}
