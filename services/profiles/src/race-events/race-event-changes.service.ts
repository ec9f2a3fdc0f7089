import { Injectable, type OnModuleInit } from '@nestjs/common';
import { COMMUNITY_EVENTS, PROFILES_EVENTS } from '@runpledge/contracts';
import { DomainEvents } from '@runpledge/server-kit';
import { In, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { ProfileCacheNotifier } from '../profile-cache/profile-cache.notifier.js';
import { RunnerProfileEntity } from '../runner-profiles/runner-profile.entity.js';
import { toPageCard } from '../runner-profiles/to-profile.util.js';

type EventChanged = z.infer<typeof COMMUNITY_EVENTS.eventChanged.schema>;
interface RaceEventCopy {
  id: string;
  slug: string;
  name: string;
  date: string;
  timeZone: string;
}

/**
 * Pages follow their event (`community.event.changed`): renamed, verified, given its time zone, or
 * merged into another, the pages naming it show the event as community last told it. A copy of each
 * event with its version keeps a late change from undoing a newer one; a redelivery changes nothing.
 */
@Injectable()
export class RaceEventChangesService implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly cache: ProfileCacheNotifier,
  ) {}

  onModuleInit(): void {
    this.events.on(COMMUNITY_EVENTS.eventChanged, (change, { manager }) => this.apply(manager, change));
  }

  async apply(manager: EntityManager, change: EventChanged): Promise<void> {
    const { current } = change;
    await manager.query(
      `INSERT INTO "profiles"."race_events" AS e (id, slug, name, date, time_zone, verified, version)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name, date = EXCLUDED.date,
         time_zone = EXCLUDED.time_zone, verified = EXCLUDED.verified, version = EXCLUDED.version
         WHERE e.version < EXCLUDED.version`,
      [current.id, current.slug, current.name, current.date, current.timeZone, current.verified, current.version],
    );
    const [event]: RaceEventCopy[] = await manager.query(
      `SELECT id, slug, name, to_char(date, 'YYYY-MM-DD') AS date, time_zone AS "timeZone"
         FROM "profiles"."race_events" WHERE id = $1`,
      [current.id],
    );
    // An UPDATE … RETURNING answers [rows, count] through TypeORM's PostgreSQL driver.
    const [changed]: [{ id: string; slug: string }[], number] = await manager.query(
      `UPDATE "profiles"."runner_profiles"
          SET event_id = $1, event_slug = $2, marathon_name = $3, marathon_date = $4, race_time_zone = $5,
              updated_at = now()
        WHERE (event_id = ANY($6::uuid[]) OR (event_id IS NULL AND id = ANY($7::uuid[])))
          AND (event_id, event_slug, marathon_name, marathon_date, race_time_zone)
              IS DISTINCT FROM ($1::uuid, $2::text, $3::text, $4::date, $5::text)
        RETURNING id, url_slug AS slug`,
      [
        event!.id,
        event!.slug,
        event!.name,
        event!.date,
        event!.timeZone,
        [change.eventId, event!.id],
        change.profileIds,
      ],
    );
    if (changed.length === 0) return;
    this.cache.afterCommit(
      manager,
      changed.map(({ id, slug }) => ({ profileId: id, slug })),
    );
    // Lists of other pages (community's copy) learn each page's new race from its card, as after an edit.
    const pages = await manager.find(RunnerProfileEntity, { where: { id: In(changed.map((c) => c.id)) } });
    for (const page of pages) await this.events.record(manager, PROFILES_EVENTS.cardChanged, toPageCard(page));
  }
}
