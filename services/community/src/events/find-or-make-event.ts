import { eventNameKey, eventSlugBase, sameEventName, eventNameWords } from '@runpledge/contracts';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { PER_CURRENCY } from '../standings/group-kind.js';
import type { StandingsService } from '../standings/standings.service.js';
import type { EventEntity } from './event.entity.js';
import type { EventsRepository } from './events.repository.js';

/** The words of a name and a city the directory's search looks in. */
export function searchTextOf(name: string, city: string | null): string {
  return [...eventNameWords(name), ...eventNameWords(city ?? '')].join(' ');
}

/**
 * The live event of that day the name is the same race as (an equal key, else the one event whose
 * words contain or are contained in the name's), or a new unverified one with its empty standing.
 * Under a lock per day, so two callers naming one new race at once get one event. `check` sees the
 * event's date and time zone before anything is made (it may refuse a race already run).
 */
export async function findOrMakeEvent(
  manager: EntityManager,
  deps: { events: EventsRepository; standings: StandingsService },
  race: { name: string; date: string; timeZone: string },
  check: (date: string, timeZone: string) => void = () => undefined,
): Promise<{ event: EventEntity; made: boolean }> {
  const { events, standings } = deps;
  const name = race.name.normalize('NFC').trim().replace(/\s+/g, ' ');
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`community.events:${race.date}`]);
  const sameDay = await events.liveOn(manager, race.date);
  const key = eventNameKey(name);
  const similar = sameDay.filter((e) => sameEventName(e.name, name));
  const match = sameDay.find((e) => e.nameKey === key) ?? (similar.length === 1 ? similar[0] : undefined);
  if (match) {
    check(match.date, match.timeZone);
    return { event: match, made: false };
  }
  check(race.date, race.timeZone);
  const base = eventSlugBase(name, race.date);
  let slug = base;
  for (let n = 2; await events.slugTaken(manager, slug); n++) slug = `${base}-${n}`;
  const now = new Date();
  const event: EventEntity = {
    id: randomUUID(),
    slug,
    name,
    nameKey: key,
    searchText: searchTextOf(name, null),
    city: null,
    country: null,
    date: race.date,
    timeZone: race.timeZone,
    verified: false,
    mergedInto: null,
    version: 0,
    createdAt: now,
    updatedAt: now,
  };
  await events.insert(manager, event);
  // Runners of one race raise in many currencies: the event keeps what is raised per currency.
  await standings.open(manager, { kind: 'event', id: event.id }, PER_CURRENCY);
  return { event, made: true };
}
