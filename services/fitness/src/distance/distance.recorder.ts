import { Injectable } from '@nestjs/common';
import { FITNESS_EVENTS, RUN_SPORT_TYPES } from '@runpledge/contracts';
import { DomainEvents, lockLiveAccount } from '@runpledge/server-kit';
import type { EntityManager } from 'typeorm';
import { env } from '../config/env.js';

/**
 * Tells profiles a runner's running distance after any change of their activities
 * (`fitness.distance.changed`), in the transaction of the change. The per-user version is bumped
 * first: its row lock orders two changes of one runner, and the total read after it sees the
 * earlier one, so a higher version always carries a later total.
 */
@Injectable()
export class DistanceRecorder {
  constructor(private readonly events: DomainEvents) {}

  /**
   * Takes the runner's lock (before the write's own row locks, as an account deletion does) and says
   * whether the account is live: a deleted account's pages and teams are gone with it in profiles,
   * so there is nothing to tell and nothing to keep.
   */
  isLive(manager: EntityManager, userId: string): Promise<boolean> {
    return lockLiveAccount(manager, userId);
  }

  async record(manager: EntityManager, userId: string): Promise<void> {
    const [bumped]: { version: number }[] = await manager.query(
      `INSERT INTO "fitness"."runner_distance_versions" (user_id, version) VALUES ($1, 1)
       ON CONFLICT (user_id) DO UPDATE SET version = "runner_distance_versions".version + 1
       RETURNING version::float8 AS version`,
      [userId],
    );
    const totalMeters = await this.publicRunMeters(manager, userId);
    await this.events.record(manager, FITNESS_EVENTS.distanceChanged, {
      userId,
      totalMeters,
      version: bumped!.version,
    });
  }

  /** The account is gone: its counter too. */
  async forget(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`DELETE FROM "fitness"."runner_distance_versions" WHERE user_id = $1`, [userId]);
  }

  /**
   * What the runner's training stats show a visitor as total: runs since the training start date,
   * those Strava shows to everyone, Strava's only with the runner's consent (display rules).
   */
  private async publicRunMeters(manager: EntityManager, userId: string): Promise<number> {
    const [row]: { meters: number }[] = await manager.query(
      `SELECT coalesce(sum(a.distance_meters), 0)::float8 AS meters
         FROM "fitness"."activities" a
         LEFT JOIN "fitness"."strava_connections" c ON c.user_id = a.user_id
        WHERE a.user_id = $1 AND a.sport_type = ANY($2) AND a.visible_to_all
          AND (a.source <> 'strava' OR ($3 AND coalesce(c.public_display_consent, false)))
          AND (c.training_start_date IS NULL OR a.start_date_local >= c.training_start_date)`,
      [userId, [...RUN_SPORT_TYPES], env.STRAVA_PUBLIC_DISPLAY === 'consent'],
    );
    return row?.meters ?? 0;
  }
}
