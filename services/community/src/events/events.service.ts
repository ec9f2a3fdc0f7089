import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  EVENT_IN_THE_PAST,
  EVENT_LIMITS,
  EVENT_NOT_FOUND,
  EVENT_TIME_ZONE_INVALID,
  eventNameWords,
  isCalendarDate,
  isEventPast,
  isTimeZone,
  todayIn,
  totalPagesOf,
  type EventListQuery,
  type EventListResponse,
  type EventPageQuery,
  type EventPageResponse,
  type RaceEvent,
  type ResolveEventCommand,
  type ResolvedEvent,
} from '@runpledge/contracts';
import { ServiceException } from '@runpledge/server-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { StandingCurrencySumsRepository } from '../standings/standing-currency-sums.repository.js';
import { StandingsRepository } from '../standings/standings.repository.js';
import { StandingsService } from '../standings/standings.service.js';
import type { EventEntity } from './event.entity.js';
import { EventRunnersRepository } from './event-runners.repository.js';
import { EventsRepository } from './events.repository.js';
import { findOrMakeEvent } from './find-or-make-event.js';

const METERS_PER_MILE = 1609.344;
/** A zone where the day ends last: an event whose day is not over there is not over anywhere. */
const LAST_TIME_ZONE = 'Etc/GMT+12';
/** Merged events form chains at most this long (a merge into a merged event follows it). */
const MAX_MERGE_HOPS = 20;
export const EVENT_NOT_CHOSEN = 'Please choose a marathon from the list.';

/**
 * The events directory (API.md "Events and race day"): listing and search, the event page, and the
 * event a page names, found or made from the name and date its runner typed.
 */
@Injectable()
export class EventsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventsRepository,
    private readonly runners: EventRunnersRepository,
    private readonly standingsRepository: StandingsRepository,
    private readonly currencySums: StandingCurrencySumsRepository,
    private readonly standings: StandingsService,
  ) {}

  /** Live events from `from` (today where the day ends last) to `to`, soonest first, 20 a page. */
  async list(query: EventListQuery, now = new Date()): Promise<EventListResponse> {
    const manager = this.dataSource.manager;
    const size = EVENT_LIMITS.pageSize;
    const { events, count } = await this.events.search(manager, {
      words: eventNameWords(query.query ?? ''),
      from: query.from ?? todayIn(LAST_TIME_ZONE, now),
      to: query.to,
      offset: (query.page - 1) * size,
      limit: size,
    });
    return { events: await this.toEvents(manager, events), page: query.page, totalPages: totalPagesOf(count, size) };
  }

  /** The event page: its sums and its published runners ranked; a merged event answers as the one it went into. */
  async getBySlug(slug: string, query: EventPageQuery): Promise<EventPageResponse> {
    const manager = this.dataSource.manager;
    const found = await this.events.findBySlug(manager, slug);
    const event = found && (await this.follow(manager, found));
    if (!event) throw new ServiceException(ErrorCode.NotFound, EVENT_NOT_FOUND);
    const size = EVENT_LIMITS.runnersPageSize;
    const { runners, count } = await this.runners.ranked(manager, event.id, {
      by: query.by,
      nameLike: query.query,
      offset: (query.page - 1) * size,
      limit: size,
    });
    const [answer] = await this.toEvents(manager, [event]);
    return {
      event: answer!,
      runners,
      teams: await this.runners.teams(manager, event.id, EVENT_LIMITS.pageGroups),
      charities: await this.runners.charities(manager, event.id, EVENT_LIMITS.pageGroups),
      page: query.page,
      totalPages: totalPagesOf(count, size),
    };
  }

  /**
   * The event a page names: the chosen one (followed to where it was merged), or the live event of
   * that day whose name is the same race, or a new unverified one. A race already run is refused for
   * a new page. Two runners typing the same new race at once get one event (a lock per day).
   */
  async resolve(command: ResolveEventCommand, now = new Date()): Promise<ResolvedEvent> {
    if (command.eventId !== undefined) {
      const manager = this.dataSource.manager;
      const found = await this.events.findById(manager, command.eventId);
      const event = found && (await this.follow(manager, found));
      if (!event) throw new ServiceException(ErrorCode.Validation, EVENT_NOT_CHOSEN);
      this.refusePast(command, event.date, event.timeZone, now);
      return refOf(event);
    }
    const name = command.name!;
    const date = command.date!.trim();
    if (!isCalendarDate(date)) throw new ServiceException(ErrorCode.Validation, 'Please select a marathon date.');
    if (command.timeZone !== undefined && !isTimeZone(command.timeZone))
      throw new ServiceException(ErrorCode.Validation, EVENT_TIME_ZONE_INVALID);
    return this.dataSource.transaction(async (manager) => {
      const { event } = await findOrMakeEvent(
        manager,
        { events: this.events, standings: this.standings },
        { name, date, timeZone: command.timeZone ?? 'UTC' },
        (day, zone) => this.refusePast(command, day, zone, now),
      );
      return refOf(event);
    });
  }

  private refusePast(command: ResolveEventCommand, date: string, timeZone: string, now: Date): void {
    if (command.forNewPage && isEventPast(date, timeZone, now))
      throw new ServiceException(ErrorCode.Validation, EVENT_IN_THE_PAST);
  }

  /** The live event a (possibly merged) event leads to; null if the chain is broken. */
  async follow(manager: EntityManager, event: EventEntity): Promise<EventEntity | null> {
    let current: EventEntity | null = event;
    for (let hops = 0; current && current.mergedInto !== null; hops++) {
      if (hops >= MAX_MERGE_HOPS) return null;
      current = await this.events.findById(manager, current.mergedInto);
    }
    return current;
  }

  /** `base`, or `base-2`, `base-3`… the first no event holds. */
  private async freeSlug(manager: EntityManager, base: string): Promise<string> {
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!(await this.events.slugTaken(manager, slug))) return slug;
    }
  }

  /** The events as the API shows them, with their sums. */
  async toEvents(manager: EntityManager, events: EventEntity[]): Promise<RaceEvent[]> {
    const ids = events.map((e) => e.id);
    const [standings, sums, teamCounts] = await Promise.all([
      this.standingsRepository.ofGroups(manager, 'event', ids),
      this.currencySums.ofGroups(manager, 'event', ids),
      this.runners.teamCounts(manager, ids),
    ]);
    return events.map((event) => {
      const standing = standings.get(event.id);
      return {
        id: event.id,
        slug: event.slug,
        name: event.name,
        city: event.city,
        country: event.country,
        date: event.date,
        timeZone: event.timeZone,
        totals: (sums.get(event.id) ?? []).map(({ currency, raised, donors }) => ({ currency, raised, donors })),
        runnerCount: standing?.memberCount ?? 0,
        teamCount: teamCounts.get(event.id) ?? 0,
        miles: Math.round(((standing?.meters ?? 0) / METERS_PER_MILE) * 100) / 100,
        verified: event.verified,
      };
    });
  }
}

function refOf(event: Pick<EventEntity, 'id' | 'slug' | 'name' | 'date' | 'timeZone' | 'verified'>): ResolvedEvent {
  return {
    event: {
      id: event.id,
      slug: event.slug,
      name: event.name,
      date: event.date,
      timeZone: event.timeZone,
      verified: event.verified,
    },
  };
}
