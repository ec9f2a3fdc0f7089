/** Test controls under `/_emulator`: JSON in, JSON out, no credentials, not rate limited. */
import { json, parseJsonObject, type EmulatorRequest, type Router } from '../common/http.js';
import { STRAVA_VISIBILITIES, toSummary, type StravaActivity, type StravaVisibility } from './activities-generator.js';
import type { RateLimiter, RateLimits } from './rate-limiter.js';
import { StravaError, StravaState, badRequest, notFound, type ActivityInput } from './state.js';
import type { PushAttempt, PushDispatcher, StravaPushEvent } from './webhooks.js';

export interface StravaControlContext {
  state: StravaState;
  rateLimiter: RateLimiter;
  pushes: PushDispatcher;
  pushEvent(event: Omit<StravaPushEvent, 'subscription_id' | 'event_time'>): Promise<PushAttempt | null>;
  reset(): void;
}

function body(req: EmulatorRequest): Record<string, unknown> {
  if (req.rawBody.length === 0) return {};
  const parsed = parseJsonObject(req.rawBody);
  if (!parsed) throw badRequest('Emulator', 'body', 'must be a JSON object');
  return parsed;
}

function num(input: Record<string, unknown>, key: string): number | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw badRequest('Emulator', key, 'must be a number');
  return value;
}

function str(input: Record<string, unknown>, key: string): string | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest('Emulator', key, 'must be a string');
  return value;
}

const SPORT_TYPES: ReadonlyArray<StravaActivity['sportType']> = ['Run', 'TrailRun', 'Ride', 'Walk'];

function activityInput(input: Record<string, unknown>): ActivityInput {
  const sportType = str(input, 'sport_type');
  if (sportType !== undefined && !(SPORT_TYPES as readonly string[]).includes(sportType)) {
    throw badRequest('Emulator', 'sport_type', `must be one of ${SPORT_TYPES.join(', ')}`);
  }
  if (input.private !== undefined && typeof input.private !== 'boolean')
    throw badRequest('Emulator', 'private', 'must be a boolean');
  const visibility = str(input, 'visibility');
  if (visibility !== undefined && !(STRAVA_VISIBILITIES as readonly string[]).includes(visibility))
    throw badRequest('Emulator', 'visibility', `must be one of ${STRAVA_VISIBILITIES.join(', ')}`);
  return {
    name: str(input, 'name'),
    description: input.description === null ? null : str(input, 'description'),
    sport_type: sportType as StravaActivity['sportType'] | undefined,
    start_date: str(input, 'start_date'),
    distance: num(input, 'distance'),
    moving_time: num(input, 'moving_time'),
    elapsed_time: num(input, 'elapsed_time'),
    total_elevation_gain: num(input, 'total_elevation_gain'),
    private: input.private as boolean | undefined,
    visibility: visibility as StravaVisibility | undefined,
    manual: typeof input.manual === 'boolean' ? input.manual : undefined,
  };
}

const LIMIT_KEYS: Record<string, keyof RateLimits> = {
  overall_short: 'overallShort',
  overall_daily: 'overallDaily',
  read_short: 'readShort',
  read_daily: 'readDaily',
  short_window_ms: 'shortWindowMs',
  daily_window_ms: 'dailyWindowMs',
};

export function registerStravaControlRoutes(router: Router, ctx: StravaControlContext): void {
  const { state, rateLimiter, pushes } = ctx;
  const wantsPush = (input: Record<string, unknown>, req: EmulatorRequest) =>
    input.push !== false && req.query.get('push') !== 'false';

  router.get('/_emulator/health', () => json(200, { ok: true, emulator: 'strava' }));
  router.post('/_emulator/reset', () => {
    ctx.reset();
    return json(200, { ok: true, default_athlete_id: state.defaultAthleteId ?? null });
  });

  router.get('/_emulator/stats', () => {
    const snapshot = rateLimiter.snapshot();
    return json(200, {
      requests: rateLimiter.requests,
      rate_limited: rateLimiter.rejected,
      usage: snapshot.usage,
      limits: snapshot.limits,
      window_ends_at: {
        short: new Date(snapshot.windowEndsAt.short).toISOString(),
        daily: new Date(snapshot.windowEndsAt.daily).toISOString(),
      },
      pushes: { sent: pushes.attempts.filter((a) => a.ok).length, failed: pushes.attempts.filter((a) => !a.ok).length },
      athletes: state.athletes.size,
      activities: state.activities.size,
      token_refreshes: Object.fromEntries(state.tokenRefreshes),
      push_subscription: state.pushSubscription
        ? { id: state.pushSubscription.id, callback_url: state.pushSubscription.callback_url }
        : null,
    });
  });

  router.get('/_emulator/rate-limits', () => json(200, rateLimiter.snapshot()));
  router.put('/_emulator/rate-limits', (req) => {
    const input = body(req);
    const update: Partial<RateLimits> = {};
    for (const [key, field] of Object.entries(LIMIT_KEYS)) {
      const value = num(input, key);
      if (value !== undefined) update[field] = value;
    }
    rateLimiter.setLimits(update);
    if (input.reset_usage === true) rateLimiter.resetUsage();
    return json(200, rateLimiter.snapshot());
  });
  router.post('/_emulator/rate-limits/reset', () => {
    rateLimiter.resetUsage();
    return json(200, rateLimiter.snapshot());
  });

  // An athlete with N generated activities and a ready token pair, so tests can skip the browser.
  router.post('/_emulator/athletes', (req) => {
    const input = body(req);
    const count = num(input, 'activities') ?? 30;
    if (!Number.isInteger(count) || count < 0 || count > 5000)
      throw badRequest('Emulator', 'activities', 'must be 0 to 5000');
    const endAt = str(input, 'end_at');
    const athlete = state.createAthlete({
      activities: count,
      seed: num(input, 'seed'),
      firstname: str(input, 'firstname'),
      lastname: str(input, 'lastname'),
      endAt: endAt ? Math.floor(Date.parse(endAt) / 1000) : undefined,
    });
    const scope = StravaState.normalizeScope((str(input, 'scope') ?? 'read,activity:read_all').split(','));
    const tokens = state.issueTokens(athlete.id, state.options.clientId, scope);
    return json(201, { athlete: state.athleteJson(athlete), ...tokens, scope: scope.join(','), activity_count: count });
  });
  router.get('/_emulator/athletes', () =>
    json(200, {
      data: [...state.athletes.values()].map((a) => ({
        ...state.athleteJson(a),
        activity_count: [...state.activities.values()].filter((act) => act.athleteId === a.id).length,
      })),
    }),
  );
  router.get('/_emulator/athletes/:id/activities', (req) => {
    const athleteId = Number(req.params.id);
    state.getAthlete(athleteId);
    const list = state.listActivities(athleteId, { page: 1, perPage: Number.MAX_SAFE_INTEGER, includePrivate: true });
    return json(200, { data: list.map(toSummary) });
  });

  router.post('/_emulator/tokens/revoke', (req) => {
    const token = str(body(req), 'refresh_token');
    if (!token) throw badRequest('Emulator', 'refresh_token', 'missing');
    if (!state.revokeRefreshToken(token)) throw notFound('RefreshToken', 'refresh_token');
    return json(200, { revoked: true });
  });
  router.post('/_emulator/tokens/expire', (req) => {
    const token = str(body(req), 'access_token');
    if (!token) throw badRequest('Emulator', 'access_token', 'missing');
    if (!state.expireAccessToken(token)) throw notFound('AccessToken', 'access_token');
    return json(200, { expired: true });
  });

  // The athlete revokes access in Strava's settings: tokens die and the app hears about it.
  router.post('/_emulator/athletes/:id/deauthorize', async (req) => {
    const athleteId = Number(req.params.id);
    state.getAthlete(athleteId);
    state.deauthorize(athleteId, state.options.clientId);
    const push = await ctx.pushEvent({
      object_type: 'athlete',
      object_id: athleteId,
      aspect_type: 'update',
      owner_id: athleteId,
      updates: { authorized: 'false' },
    });
    return json(200, { deauthorized: true, push });
  });

  router.post('/_emulator/athletes/:id/activities', async (req) => {
    const input = body(req);
    const athleteId = Number(req.params.id);
    const activity = state.addActivity(athleteId, activityInput(input));
    const push = wantsPush(input, req)
      ? await ctx.pushEvent({
          object_type: 'activity',
          object_id: activity.id,
          aspect_type: 'create',
          owner_id: athleteId,
          updates: {},
        })
      : null;
    return json(201, { activity: toSummary(activity), push });
  });
  router.patch('/_emulator/activities/:id', async (req) => {
    const input = body(req);
    const { activity, updates } = state.updateActivity(Number(req.params.id), activityInput(input));
    const push = wantsPush(input, req)
      ? await ctx.pushEvent({
          object_type: 'activity',
          object_id: activity.id,
          aspect_type: 'update',
          owner_id: activity.athleteId,
          updates,
        })
      : null;
    return json(200, { activity: toSummary(activity), push });
  });
  router.delete('/_emulator/activities/:id', async (req) => {
    const activity = state.deleteActivity(Number(req.params.id));
    const push = wantsPush({}, req)
      ? await ctx.pushEvent({
          object_type: 'activity',
          object_id: activity.id,
          aspect_type: 'delete',
          owner_id: activity.athleteId,
          updates: {},
        })
      : null;
    return json(200, { deleted: true, id: activity.id, push });
  });

  // Any event, e.g. one for an athlete the app does not know.
  router.post('/_emulator/push', async (req) => {
    const input = body(req);
    const objectType = str(input, 'object_type');
    const aspectType = str(input, 'aspect_type');
    if (objectType !== 'activity' && objectType !== 'athlete') throw badRequest('Emulator', 'object_type', 'invalid');
    if (aspectType !== 'create' && aspectType !== 'update' && aspectType !== 'delete') {
      throw badRequest('Emulator', 'aspect_type', 'invalid');
    }
    const objectId = num(input, 'object_id');
    const ownerId = num(input, 'owner_id');
    if (objectId === undefined || ownerId === undefined) throw badRequest('Emulator', 'object_id', 'missing');
    const updates = (input.updates ?? {}) as Record<string, string>;
    const push = await ctx.pushEvent({
      object_type: objectType,
      object_id: objectId,
      aspect_type: aspectType,
      owner_id: ownerId,
      updates,
    });
    if (!push)
      throw new StravaError(409, {
        message: 'No push subscription',
        errors: [{ resource: 'PushSubscription', field: '', code: 'missing' }],
      });
    return json(200, { push });
  });
  router.get('/_emulator/pushes', () => json(200, { data: pushes.attempts }));
}
