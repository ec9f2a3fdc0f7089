/** Limits and messages of the events directory (API.md "Events and race day"). */
export const EVENT_LIMITS = {
  name: 150,
  city: 100,
  country: 100,
  slug: 80,
  query: 100,
  /** Events a page of the directory lists. */
  pageSize: 20,
  /** Runners a page of an event lists. */
  runnersPageSize: 50,
  /** Teams, and charities, an event's page lists. */
  pageGroups: 50,
} as const;

export const EVENT_NOT_FOUND = 'Event not found';
export const EVENT_IN_THE_PAST = 'This marathon has already taken place. Please choose an upcoming marathon.';
export const EVENT_TIME_ZONE_INVALID = 'Please choose a valid time zone (like Europe/London).';
export const EVENT_RANKINGS = ['raised', 'miles', 'percent'] as const;
export type EventRanking = (typeof EVENT_RANKINGS)[number];

/** Words that never tell two marathons apart. */
const IGNORED_WORDS = new Set(['marathon']);
const YEAR = /^(19|20)\d\d$/;

/**
 * The words of a marathon's name that tell it apart: case, accents, punctuation, the word
 * "marathon" and a year left out ("TCS London Marathon 2027" → ["tcs", "london"]). Any script.
 */
export function eventNameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && !IGNORED_WORDS.has(word) && !YEAR.test(word));
}

/** The key two names of the same event share: their telling words, in order, one space apart. */
export function eventNameKey(name: string): string {
  return eventNameWords(name).join(' ');
}

/**
 * Whether two names on the same date are the same race: equal keys, or every telling word of one
 * among the other's ("london marathon 2027" and "TCS London Marathon"). A name with no telling word
 * ("Marathon 2027") matches only itself.
 */
export function sameEventName(a: string, b: string): boolean {
  const wa = eventNameWords(a);
  const wb = eventNameWords(b);
  if (wa.length === 0 || wb.length === 0) return wa.join(' ') === wb.join(' ');
  const [small, large] = wa.length <= wb.length ? [wa, new Set(wb)] : [wb, new Set(wa)];
  return small.every((word) => large.has(word));
}

/** An IANA time zone this runtime knows ("Europe/London", "America/New_York", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Today's calendar date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whether the event's day is over where it is run (a race today is not past). */
export function isEventPast(date: string, timeZone: string, now: Date = new Date()): boolean {
  return date < todayIn(timeZone, now);
}

/**
 * A readable address for an event: its name's Latin letters and digits, hyphenated, and its year
 * ("tcs-london-marathon-2027"); a name with none of them gives "marathon-2027".
 */
export function eventSlugBase(name: string, date: string): string {
  const year = date.slice(0, 4);
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0 && word !== year);
  const base = (words.length > 0 ? words.join('-') : 'marathon').slice(0, EVENT_LIMITS.slug - 12).replace(/-+$/, '');
  return `${base}-${year}`;
}
