import type { Clock } from '../common/clock.js';
import { unixSeconds } from '../common/clock.js';
import { randomHex } from '../common/ids.js';
import {
  DEFAULT_TIMEZONE,
  generateActivities,
  seededRandom,
  type StravaActivity,
  type StravaVisibility,
} from './activities-generator.js';

export const STRAVA_SCOPES = [
  'read',
  'read_all',
  'profile:read_all',
  'profile:write',
  'activity:read',
  'activity:read_all',
  'activity:write',
] as const;

export interface StravaAthlete {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  city: string;
  state: string;
  country: string;
  sex: 'M' | 'F';
  createdAt: number;
}

interface AuthorizationCode {
  athleteId: number;
  clientId: string;
  scope: string[];
  redirectUri: string;
  expiresAt: number;
}

export interface AccessTokenRecord {
  token: string;
  athleteId: number;
  clientId: string;
  scope: string[];
  expiresAt: number;
  revoked: boolean;
}

interface RefreshTokenRecord {
  athleteId: number;
  clientId: string;
  scope: string[];
  revoked: boolean;
}

export interface TokenSet {
  token_type: 'Bearer';
  access_token: string;
  refresh_token: string;
  expires_at: number;
  expires_in: number;
}

export interface PushSubscription {
  id: number;
  application_id: number;
  callback_url: string;
  verify_token: string;
  created_at: string;
  updated_at: string;
}

export interface ActivityInput {
  name?: string;
  description?: string | null;
  sport_type?: StravaActivity['sportType'];
  start_date?: string;
  distance?: number;
  moving_time?: number;
  elapsed_time?: number;
  total_elevation_gain?: number;
  private?: boolean;
  visibility?: StravaVisibility;
  manual?: boolean;
}

export type TokenCheck =
  { ok: true; record: AccessTokenRecord } | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

export class StravaError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message: string; errors: Array<{ resource: string; field: string; code: string }> },
  ) {
    super(body.message);
  }
}

export function badRequest(resource: string, field: string, code = 'invalid'): StravaError {
  return new StravaError(400, { message: 'Bad Request', errors: [{ resource, field, code }] });
}

export function authorizationError(resource: string, field: string, code = 'invalid'): StravaError {
  return new StravaError(401, { message: 'Authorization Error', errors: [{ resource, field, code }] });
}

export function notFound(resource: string, field = 'id'): StravaError {
  return new StravaError(404, { message: 'Record Not Found', errors: [{ resource, field, code: 'not found' }] });
}

const FIRST_NAMES = [
  'Riley',
  'Jordan',
  'Sam',
  'Alex',
  'Casey',
  'Morgan',
  'Taylor',
  'Jamie',
  'Avery',
  'Quinn',
  'Priya',
  'Mateo',
];
const LAST_NAMES = [
  'Runner',
  'Okafor',
  'Lindqvist',
  'Nakamura',
  'Alvarez',
  'Brennan',
  'Chen',
  'Dubois',
  'Haddad',
  'Kowalski',
];
const CITIES: Array<[string, string, string]> = [
  ['Phoenix', 'Arizona', 'United States'],
  ['Tempe', 'Arizona', 'United States'],
  ['Flagstaff', 'Arizona', 'United States'],
  ['Tucson', 'Arizona', 'United States'],
];

export interface StravaStateOptions {
  clientId: string;
  /** Seconds an access token lives; Strava's is 6 hours. */
  tokenTtlSeconds: number;
  /** Activities of the athlete created at start (and on reset) for the authorize page; null: no such athlete. */
  defaultAthleteActivities: number | null;
}

/** Athletes, their activities and the app's tokens and push subscription, in memory. */
export class StravaState {
  readonly athletes = new Map<number, StravaAthlete>();
  readonly activities = new Map<number, StravaActivity>();
  private readonly codes = new Map<string, AuthorizationCode>();
  readonly accessTokens = new Map<string, AccessTokenRecord>();
  private readonly refreshTokens = new Map<string, RefreshTokenRecord>();
  pushSubscription: PushSubscription | null = null;
  /** Refresh-token grants per athlete: how tests see that concurrent refreshes were one. */
  readonly tokenRefreshes = new Map<number, number>();
  private nextAthleteId = 1_000_001;
  private nextActivityId = 12_000_000_001;
  private nextSubscriptionId = 250_001;
  readonly applicationId = 170_001;

  constructor(
    private readonly clock: Clock,
    readonly options: StravaStateOptions,
  ) {
    this.seed();
  }

  now(): number {
    return unixSeconds(this.clock);
  }

  reset(): void {
    this.athletes.clear();
    this.activities.clear();
    this.codes.clear();
    this.accessTokens.clear();
    this.refreshTokens.clear();
    this.tokenRefreshes.clear();
    this.pushSubscription = null;
    this.nextAthleteId = 1_000_001;
    this.nextActivityId = 12_000_000_001;
    this.seed();
  }

  private seed(): void {
    if (this.options.defaultAthleteActivities !== null) {
      this.createAthlete({ activities: this.options.defaultAthleteActivities, seed: 1 });
    }
  }

  get defaultAthleteId(): number | undefined {
    return this.athletes.keys().next().value;
  }

  /** A new athlete with a deterministic history of `activities` (seeded by `seed`, default the athlete id). */
  createAthlete(input: {
    firstname?: string;
    lastname?: string;
    activities?: number;
    seed?: number;
    endAt?: number;
  }): StravaAthlete {
    const id = this.nextAthleteId++;
    const seed = input.seed ?? id;
    const random = seededRandom(seed * 7919);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
    const firstname = input.firstname ?? pick(FIRST_NAMES);
    const lastname = input.lastname ?? pick(LAST_NAMES);
    const [city, state, country] = pick(CITIES);
    const athlete: StravaAthlete = {
      id,
      username: `${firstname}${lastname}${id % 1000}`.toLowerCase().replace(/[^a-z0-9]/g, ''),
      firstname,
      lastname,
      city,
      state,
      country,
      sex: random() < 0.5 ? 'F' : 'M',
      createdAt: this.now() - 3 * 365 * 86_400,
    };
    this.athletes.set(id, athlete);
    const count = input.activities ?? 0;
    if (count > 0) {
      const generated = generateActivities({
        seed,
        count,
        athleteId: id,
        firstActivityId: this.nextActivityId,
        endAt: input.endAt ?? this.now(),
      });
      this.nextActivityId += count;
      for (const activity of generated) this.activities.set(activity.id, activity);
    }
    return athlete;
  }

  getAthlete(id: number): StravaAthlete {
    const athlete = this.athletes.get(id);
    if (!athlete) throw notFound('Athlete');
    return athlete;
  }

  athleteJson(athlete: StravaAthlete): Record<string, unknown> {
    const iso = new Date(athlete.createdAt * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return {
      id: athlete.id,
      username: athlete.username,
      resource_state: 2,
      firstname: athlete.firstname,
      lastname: athlete.lastname,
      bio: '',
      city: athlete.city,
      state: athlete.state,
      country: athlete.country,
      sex: athlete.sex,
      premium: false,
      summit: false,
      created_at: iso,
      updated_at: iso,
      badge_type_id: 0,
      weight: null,
      profile_medium: 'avatar/athlete/medium.png',
      profile: 'avatar/athlete/large.png',
      friend: null,
      follower: null,
    };
  }

  // OAuth

  /** Strava always grants `read`; the rest is what the athlete left ticked. */
  static normalizeScope(scopes: string[]): string[] {
    const wanted = new Set(['read', ...scopes.filter((s) => (STRAVA_SCOPES as readonly string[]).includes(s))]);
    return STRAVA_SCOPES.filter((s) => wanted.has(s));
  }

  createAuthorizationCode(athleteId: number, clientId: string, scope: string[], redirectUri: string): string {
    this.getAthlete(athleteId);
    const code = randomHex(20);
    this.codes.set(code, { athleteId, clientId, scope, redirectUri, expiresAt: this.now() + 10 * 60 });
    return code;
  }

  exchangeCode(code: string, clientId: string): { tokens: TokenSet; athlete: StravaAthlete; scope: string[] } {
    const record = this.codes.get(code);
    // Codes are single use.
    this.codes.delete(code);
    if (!record || record.clientId !== clientId || record.expiresAt < this.now()) {
      throw badRequest('AuthorizationCode', 'code', 'invalid');
    }
    const athlete = this.getAthlete(record.athleteId);
    return { tokens: this.issueTokens(record.athleteId, clientId, record.scope), athlete, scope: record.scope };
  }

  issueTokens(athleteId: number, clientId: string, scope: string[]): TokenSet {
    const accessToken = randomHex(20);
    const refreshToken = randomHex(20);
    const expiresAt = this.now() + this.options.tokenTtlSeconds;
    this.accessTokens.set(accessToken, { token: accessToken, athleteId, clientId, scope, expiresAt, revoked: false });
    this.refreshTokens.set(refreshToken, { athleteId, clientId, scope, revoked: false });
    return {
      token_type: 'Bearer',
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_at: expiresAt,
      expires_in: this.options.tokenTtlSeconds,
    };
  }

  /** A new access token and a new refresh token; the old refresh token stops working. */
  refresh(refreshToken: string, clientId: string): TokenSet {
    const record = this.refreshTokens.get(refreshToken);
    if (!record || record.revoked || record.clientId !== clientId) {
      throw badRequest('RefreshToken', 'refresh_token', 'invalid');
    }
    record.revoked = true;
    this.tokenRefreshes.set(record.athleteId, (this.tokenRefreshes.get(record.athleteId) ?? 0) + 1);
    return this.issueTokens(record.athleteId, clientId, record.scope);
  }

  checkAccessToken(token: string | undefined): TokenCheck {
    if (!token) return { ok: false, reason: 'missing' };
    const record = this.accessTokens.get(token);
    if (!record || record.revoked) return { ok: false, reason: 'invalid' };
    if (record.expiresAt <= this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, record };
  }

  /** Revokes every token the app holds for the athlete (Strava's deauthorize). */
  deauthorize(athleteId: number, clientId: string): void {
    for (const record of this.accessTokens.values()) {
      if (record.athleteId === athleteId && record.clientId === clientId) record.revoked = true;
    }
    for (const record of this.refreshTokens.values()) {
      if (record.athleteId === athleteId && record.clientId === clientId) record.revoked = true;
    }
  }

  revokeRefreshToken(token: string): boolean {
    const record = this.refreshTokens.get(token);
    if (!record) return false;
    record.revoked = true;
    return true;
  }

  expireAccessToken(token: string): boolean {
    const record = this.accessTokens.get(token);
    if (!record) return false;
    record.expiresAt = Math.min(record.expiresAt, this.now() - 1);
    return true;
  }

  // Activities

  /** Newest first; `before`/`after` are exclusive epoch seconds; pages start at 1. */
  listActivities(
    athleteId: number,
    query: { before?: number; after?: number; page: number; perPage: number; includePrivate: boolean },
  ): StravaActivity[] {
    const matching = [...this.activities.values()]
      .filter(
        (a) =>
          a.athleteId === athleteId &&
          (query.includePrivate || !a.private) &&
          (query.before === undefined || a.start < query.before) &&
          (query.after === undefined || a.start > query.after),
      )
      .sort((a, b) => b.start - a.start || b.id - a.id);
    const offset = (query.page - 1) * query.perPage;
    return matching.slice(offset, offset + query.perPage);
  }

  getActivity(id: number): StravaActivity {
    const activity = this.activities.get(id);
    if (!activity) throw notFound('Activity');
    return activity;
  }

  addActivity(athleteId: number, input: ActivityInput): StravaActivity {
    this.getAthlete(athleteId);
    const sportType = input.sport_type ?? 'Run';
    const distance = input.distance ?? 10_000;
    const movingTime = input.moving_time ?? Math.round(distance / (sportType === 'Ride' ? 7.5 : 2.9));
    const start = input.start_date ? parseDate(input.start_date) : this.now() - movingTime;
    const hour = new Date((start + DEFAULT_TIMEZONE.utcOffset) * 1000).getUTCHours();
    const activity: StravaActivity = {
      id: this.nextActivityId++,
      athleteId,
      name:
        input.name ??
        `${hour < 11 ? 'Morning' : hour < 14 ? 'Lunch' : hour < 17 ? 'Afternoon' : 'Evening'} ${sportType === 'Ride' ? 'Ride' : sportType === 'Walk' ? 'Walk' : 'Run'}`,
      description: input.description ?? null,
      sportType,
      start,
      utcOffset: DEFAULT_TIMEZONE.utcOffset,
      timezone: DEFAULT_TIMEZONE.name,
      distance,
      movingTime,
      elapsedTime: input.elapsed_time ?? movingTime,
      totalElevationGain: input.total_elevation_gain ?? 40,
      averageHeartrate: null,
      private: input.private ?? false,
      visibility: input.visibility ?? 'everyone',
      manual: input.manual ?? false,
      kudosCount: 0,
    };
    this.activities.set(activity.id, activity);
    return activity;
  }

  /** Changes an activity; returns the `updates` of its webhook event (Strava names: title, type, private). */
  updateActivity(id: number, input: ActivityInput): { activity: StravaActivity; updates: Record<string, string> } {
    const activity = this.getActivity(id);
    const updates: Record<string, string> = {};
    if (input.name !== undefined) {
      activity.name = input.name;
      updates.title = input.name;
    }
    if (input.sport_type !== undefined) {
      activity.sportType = input.sport_type;
      updates.type = input.sport_type;
    }
    if (input.private !== undefined) {
      activity.private = input.private;
      updates.private = String(input.private);
    }
    if (input.visibility !== undefined) {
      activity.visibility = input.visibility;
      updates.visibility = input.visibility;
    }
    if (input.description !== undefined) activity.description = input.description;
    if (input.distance !== undefined) activity.distance = input.distance;
    if (input.moving_time !== undefined) activity.movingTime = input.moving_time;
    if (input.elapsed_time !== undefined) activity.elapsedTime = input.elapsed_time;
    if (input.total_elevation_gain !== undefined) activity.totalElevationGain = input.total_elevation_gain;
    if (input.start_date !== undefined) activity.start = parseDate(input.start_date);
    return { activity, updates };
  }

  deleteActivity(id: number): StravaActivity {
    const activity = this.getActivity(id);
    this.activities.delete(id);
    return activity;
  }

  // Push subscription (one per app)

  createPushSubscription(callbackUrl: string, verifyToken: string): PushSubscription {
    const now = new Date(this.clock.nowMs()).toISOString();
    this.pushSubscription = {
      id: this.nextSubscriptionId++,
      application_id: this.applicationId,
      callback_url: callbackUrl,
      verify_token: verifyToken,
      created_at: now,
      updated_at: now,
    };
    return this.pushSubscription;
  }
}

function parseDate(value: string): number {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw badRequest('Activity', 'start_date', 'invalid');
  return Math.floor(ms / 1000);
}
