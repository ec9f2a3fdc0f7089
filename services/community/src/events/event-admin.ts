import { COMMUNITY_EVENTS } from '@runpledge/contracts';
import { recordEvent } from '@runpledge/server-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { OwnerAccessRepository } from '../pages/owner-access.repository.js';
import { PageEntity } from '../pages/page.entity.js';
import { RunnerDistancesRepository } from '../pages/runner-distances.repository.js';
import { StandingCurrencySumsRepository } from '../standings/standing-currency-sums.repository.js';
import { StandingMembersRepository } from '../standings/standing-members.repository.js';
import { StandingsRepository } from '../standings/standings.repository.js';
import { StandingsService } from '../standings/standings.service.js';
import type { EventEntity } from './event.entity.js';
import { EventMembershipService } from './event-membership.service.js';
import { EventsRepository } from './events.repository.js';
import { findOrMakeEvent, searchTextOf } from './find-or-make-event.js';

/** Pages assigned per transaction by `assign`. */
const ASSIGN_BATCH = 500;

export class EventAdminError extends Error {}

/** What pages keep of an event (`community.event.changed`). */
function copyOf(event: EventEntity) {
  return {
    id: event.id,
    slug: event.slug,
    name: event.name,
    date: event.date,
    timeZone: event.timeZone,
    verified: event.verified,
    version: event.version,
  };
}

/**
 * The operator's work on the events directory (`npm run events`): merging a duplicate into the
 * event it repeats, verifying an event, and giving every page that names no event yet the event of
 * its race. Each change moves the pages' standings here and tells profiles, whose pages follow.
 */
export class EventAdmin {
  private readonly events = new EventsRepository();
  private readonly membership: EventMembershipService;
  private readonly standings: StandingsService;

  constructor(private readonly dataSource: DataSource) {
    const members = new StandingMembersRepository();
    this.standings = new StandingsService(new StandingsRepository(), members, new StandingCurrencySumsRepository());
    this.membership = new EventMembershipService(
      this.events,
      members,
      this.standings,
      new OwnerAccessRepository(),
      new RunnerDistancesRepository(),
    );
  }

  private async live(manager: EntityManager, slug: string): Promise<EventEntity> {
    const event = await this.events.findBySlug(manager, slug);
    if (!event) throw new EventAdminError(`No event has the address ${slug}`);
    return event;
  }

  /** `from`'s pages and standing go to `into`; `from` keeps pointing there so its address still leads somewhere. */
  async merge(fromSlug: string, intoSlug: string): Promise<{ pages: number; into: string }> {
    return this.dataSource.transaction(async (manager) => {
      const from = await this.live(manager, fromSlug);
      const intoFound = await this.live(manager, intoSlug);
      const intoId = await this.membership.liveEventId(manager, intoFound.id);
      if (from.mergedInto !== null) throw new EventAdminError(`${fromSlug} was already merged`);
      if (!intoId || intoId === from.id) throw new EventAdminError(`Cannot merge ${fromSlug} into itself`);
      // Both rows locked, in id order, so two merges at once take turns.
      for (const id of [from.id, intoId].sort()) await this.events.lock(manager, id);
      const into = (await this.events.findById(manager, intoId))!;
      await this.events.update(manager, from.id, { mergedInto: into.id });
      const table = manager.connection.getMetadata(PageEntity).tablePath;
      const moved: { id: string }[] = await manager.query(
        `SELECT profile_id AS id FROM ${table} WHERE event_id = $1 FOR UPDATE`,
        [from.id],
      );
      await manager.query(`UPDATE ${table} SET event_id = $2 WHERE event_id = $1`, [from.id, into.id]);
      const counted: { id: string }[] = await manager.query(
        `SELECT profile_id AS id FROM "community"."standing_members" WHERE group_kind = 'event' AND group_id = $1`,
        [from.id],
      );
      const pages = [...new Set([...moved, ...counted].map((p) => p.id))].sort();
      for (const profileId of pages) await this.membership.sync(manager, profileId);
      if (from.verified && !into.verified) await this.events.update(manager, into.id, { verified: true });
      const current = (await this.events.findById(manager, into.id))!;
      await recordEvent(manager, COMMUNITY_EVENTS.eventChanged, {
        eventId: from.id,
        current: copyOf(current),
        profileIds: [],
      });
      if (current.version !== into.version)
        await recordEvent(manager, COMMUNITY_EVENTS.eventChanged, {
          eventId: into.id,
          current: copyOf(current),
          profileIds: [],
        });
      return { pages: pages.length, into: current.slug };
    });
  }

  /** The event is checked: verified, and optionally its time zone, city or country set. */
  async verify(
    slug: string,
    changes: { timeZone?: string; city?: string; country?: string } = {},
  ): Promise<EventEntity> {
    return this.dataSource.transaction(async (manager) => {
      const found = await this.live(manager, slug);
      if (found.mergedInto !== null) throw new EventAdminError(`${slug} was merged into another event`);
      await this.events.lock(manager, found.id);
      const city = changes.city ?? found.city;
      await this.events.update(manager, found.id, {
        verified: true,
        ...(changes.timeZone ? { timeZone: changes.timeZone } : {}),
        ...(changes.city ? { city: changes.city, searchText: searchTextOf(found.name, city) } : {}),
        ...(changes.country ? { country: changes.country } : {}),
      });
      const event = (await this.events.findById(manager, found.id))!;
      await recordEvent(manager, COMMUNITY_EVENTS.eventChanged, {
        eventId: event.id,
        current: copyOf(event),
        profileIds: [],
      });
      return event;
    });
  }

  /**
   * Every live page naming a race but no event gets the event of its race (equal names and dates
   * grouped as the directory does, an unverified event made when none matches); run again, it finds
   * nothing to do. Answers the pages assigned and the events made.
   */
  async assign(): Promise<{ pages: number; eventsMade: number }> {
    let pages = 0;
    let eventsMade = 0;
    for (;;) {
      const done = await this.dataSource.transaction(async (manager) => {
        const table = manager.connection.getMetadata(PageEntity).tablePath;
        const batch: { profileId: string; marathonName: string; raceDate: string }[] = await manager.query(
          `SELECT profile_id AS "profileId", marathon_name AS "marathonName", to_char(race_date, 'YYYY-MM-DD') AS "raceDate"
             FROM ${table}
            WHERE event_id IS NULL AND deleted_at IS NULL AND marathon_name IS NOT NULL AND race_date IS NOT NULL
            ORDER BY profile_id LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [ASSIGN_BATCH],
        );
        const byEvent = new Map<string, { event: EventEntity; profileIds: string[] }>();
        for (const page of batch) {
          const { event, made } = await findOrMakeEvent(
            manager,
            { events: this.events, standings: this.standings },
            { name: page.marathonName, date: page.raceDate, timeZone: 'UTC' },
          );
          if (made) eventsMade++;
          await manager.query(`UPDATE ${table} SET event_id = $2 WHERE profile_id = $1`, [page.profileId, event.id]);
          await this.membership.sync(manager, page.profileId);
          const group = byEvent.get(event.id) ?? { event, profileIds: [] };
          group.profileIds.push(page.profileId);
          byEvent.set(event.id, group);
        }
        for (const { event, profileIds } of byEvent.values())
          await recordEvent(manager, COMMUNITY_EVENTS.eventChanged, {
            eventId: event.id,
            current: copyOf(event),
            profileIds,
          });
        pages += batch.length;
        return batch.length < ASSIGN_BATCH;
      });
      if (done) return { pages, eventsMade };
    }
  }
}
