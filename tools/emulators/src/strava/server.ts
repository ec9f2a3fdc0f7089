import { systemClock, type Clock } from '../common/clock.js';
import {
  html,
  isJsonRequest,
  json,
  parseJsonObject,
  redirect,
  Router,
  startHttpServer,
  type EmulatorRequest,
  type EmulatorResponse,
} from '../common/http.js';
import { silentLogger, type EmulatorLogger } from '../common/logger.js';
import { FaultInjector, registerFaultRoutes } from '../common/fault-injection.js';
import { toDetail, toSummary } from './activities-generator.js';
import { registerStravaControlRoutes } from './control-routes.js';
import { approvedRedirect, renderAuthorizePage } from './oauth-pages.js';
import { RateLimiter, type RateLimits } from './rate-limiter.js';
import { StravaError, StravaState, authorizationError, badRequest, notFound, type AccessTokenRecord } from './state.js';
import { PushDispatcher, validateCallback, type PushAttempt, type StravaPushEvent } from './webhooks.js';

export interface StravaEmulatorOptions {
  /** 0 picks a free port. Default 12112. */
  port?: number;
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  clientId: string;
  clientSecret: string;
  /** Overrides of Strava's default limits (200/2000 overall, 100/1000 read, 15-minute windows). */
  limits?: Partial<RateLimits>;
  /** Seconds an access token lives; default 21600 (6 hours) like Strava. */
  tokenTtlSeconds?: number;
  /** Activities of the athlete that exists from the start (shown on the authorize page); default 60, null for none. */
  defaultAthleteActivities?: number | null;
  /** Deadline for the callback's answer to validation and to each event; Strava's is 2 s. */
  callbackTimeoutMs?: number;
  /** Delays of the event push retries; default three retries after 1, 5 and 15 s. */
  pushRetryDelaysMs?: number[];
  logger?: EmulatorLogger;
  clock?: Clock;
}

export interface StravaEmulator {
  url: string;
  state: StravaState;
  rateLimiter: RateLimiter;
  pushes: PushDispatcher;
  /** Injected 429/5xx, hangs and dropped connections (`/_emulator/faults`). */
  faults: FaultInjector;
  /** Sends an event to the push subscription's callback; null when there is no subscription. */
  pushEvent(event: Omit<StravaPushEvent, 'subscription_id' | 'event_time'>): Promise<PushAttempt | null>;
  reset(): void;
  close(): Promise<void>;
}

/** Query string merged with a form or JSON body; values as strings (repeated keys as arrays). */
export function readStravaParams(req: EmulatorRequest): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const add = (key: string, value: string) => {
    const existing = out[key];
    out[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  };
  for (const [key, value] of req.query) add(key, value);
  if (req.rawBody.length > 0) {
    if (isJsonRequest(req.headers)) {
      for (const [key, value] of Object.entries(parseJsonObject(req.rawBody) ?? {})) {
        if (value !== null && value !== undefined) out[key] = String(value);
      }
    } else {
      for (const [key, value] of new URLSearchParams(req.rawBody.toString('utf8'))) add(key, value);
    }
  }
  return out;
}

function single(params: Record<string, string | string[]>, key: string): string | undefined {
  const value = params[key];
  return Array.isArray(value) ? value[0] : value;
}

function bearer(req: EmulatorRequest): string | undefined {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

function errorResponse(error: StravaError): EmulatorResponse {
  return json(error.status, error.body);
}

export async function startStravaEmulator(options: StravaEmulatorOptions): Promise<StravaEmulator> {
  const logger = options.logger ?? silentLogger;
  const clock = options.clock ?? systemClock;
  const callbackTimeoutMs = options.callbackTimeoutMs ?? 2_000;
  const state = new StravaState(clock, {
    clientId: options.clientId,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 21_600,
    defaultAthleteActivities: options.defaultAthleteActivities === undefined ? 60 : options.defaultAthleteActivities,
  });
  const rateLimiter = new RateLimiter(options.limits ?? {}, clock);
  const pushes = new PushDispatcher(
    { timeoutMs: callbackTimeoutMs, retryDelaysMs: options.pushRetryDelaysMs ?? [1_000, 5_000, 15_000] },
    logger,
  );

  const pushEvent: StravaEmulator['pushEvent'] = async (event) => {
    const subscription = state.pushSubscription;
    if (!subscription) return null;
    return pushes.push(subscription.callback_url, {
      ...event,
      subscription_id: subscription.id,
      event_time: state.now(),
    });
  };
  const faults = new FaultInjector({
    errorBody: (status) =>
      status === 429
        ? {
            message: 'Rate Limit Exceeded',
            errors: [{ resource: 'Application', field: 'rate limit', code: 'exceeded' }],
          }
        : { message: status >= 500 ? 'Server Error' : 'Bad Request', errors: [] },
    errorHeaders: (status) => (status === 429 ? rateLimiter.headers() : {}),
  });
  const reset = () => {
    state.reset();
    pushes.reset();
    rateLimiter.resetUsage();
    faults.clear();
  };

  const checkClient = (params: Record<string, string | string[]>): void => {
    const clientId = single(params, 'client_id');
    if (!clientId || clientId !== options.clientId) throw badRequest('Application', 'client_id', 'invalid');
    if (single(params, 'client_secret') !== options.clientSecret) {
      throw authorizationError('Application', 'client_secret', 'invalid');
    }
  };

  const router = new Router();

  // OAuth
  router.get('/oauth/authorize', (req) => {
    const params = readStravaParams(req);
    const clientId = single(params, 'client_id');
    if (!clientId || clientId !== options.clientId) throw badRequest('Application', 'client_id', 'invalid');
    const redirectUri = single(params, 'redirect_uri');
    if (!redirectUri || !isHttpUrl(redirectUri)) throw badRequest('Application', 'redirect_uri', 'invalid');
    if (single(params, 'response_type') !== 'code') throw badRequest('Application', 'response_type', 'invalid');
    const approval = single(params, 'approval_prompt');
    if (approval !== undefined && approval !== 'auto' && approval !== 'force') {
      throw badRequest('Application', 'approval_prompt', 'invalid');
    }
    const requested = StravaState.normalizeScope(splitScope(single(params, 'scope') ?? 'read'));
    const athletes = [...state.athletes.values()].reverse().slice(0, 50);
    const preselect = Number(single(params, 'athlete_id'));
    const page = renderAuthorizePage({
      clientId,
      redirectUri,
      state: single(params, 'state') ?? null,
      requestedScopes: requested,
      athletes: athletes.map((a) => ({ id: a.id, name: `${a.firstname} ${a.lastname}` })),
      selectedAthleteId: state.athletes.has(preselect) ? preselect : state.defaultAthleteId,
    });
    return html(200, page.html, page.headers);
  });

  router.post('/oauth/authorize', (req) => {
    const params = readStravaParams(req);
    const clientId = single(params, 'client_id');
    if (!clientId || clientId !== options.clientId) throw badRequest('Application', 'client_id', 'invalid');
    const redirectUri = single(params, 'redirect_uri');
    if (!redirectUri || !isHttpUrl(redirectUri)) throw badRequest('Application', 'redirect_uri', 'invalid');
    const requested = splitScope(single(params, 'requested_scope') ?? 'read');
    const ticked = params.scope === undefined ? [] : Array.isArray(params.scope) ? params.scope : [params.scope];
    const granted = StravaState.normalizeScope(ticked.filter((s) => requested.includes(s)));
    const athleteParam = single(params, 'athlete_id');
    const athleteId =
      athleteParam === 'new' || athleteParam === undefined
        ? athleteParam === 'new'
          ? state.createAthlete({ activities: 30 }).id
          : state.defaultAthleteId
        : Number(athleteParam);
    if (athleteId === undefined || !state.athletes.has(athleteId)) throw badRequest('Athlete', 'athlete_id', 'invalid');
    const code = state.createAuthorizationCode(athleteId, clientId, granted, redirectUri);
    return redirect(approvedRedirect(redirectUri, single(params, 'state') ?? null, code, granted), 302);
  });

  router.post('/oauth/token', (req) => {
    const params = readStravaParams(req);
    checkClient(params);
    const grantType = single(params, 'grant_type');
    if (grantType === 'authorization_code') {
      const code = single(params, 'code');
      if (!code) throw badRequest('AuthorizationCode', 'code', 'missing');
      const { tokens, athlete } = state.exchangeCode(code, options.clientId);
      return json(200, { ...tokens, athlete: state.athleteJson(athlete) });
    }
    if (grantType === 'refresh_token') {
      const refreshToken = single(params, 'refresh_token');
      if (!refreshToken) throw badRequest('RefreshToken', 'refresh_token', 'missing');
      return json(200, state.refresh(refreshToken, options.clientId));
    }
    throw badRequest('Application', 'grant_type', 'invalid');
  });

  router.post('/oauth/deauthorize', async (req) => {
    const params = readStravaParams(req);
    const token = single(params, 'access_token') ?? bearer(req);
    const check = state.checkAccessToken(token);
    if (!check.ok) throw authorizationError('Athlete', 'access_token', 'invalid');
    state.deauthorize(check.record.athleteId, check.record.clientId);
    void pushEvent({
      object_type: 'athlete',
      object_id: check.record.athleteId,
      aspect_type: 'update',
      owner_id: check.record.athleteId,
      updates: { authorized: 'false' },
    });
    return json(200, { access_token: token });
  });

  // API v3 (Bearer token)
  const authenticate = (req: EmulatorRequest): AccessTokenRecord => {
    const check = state.checkAccessToken(bearer(req));
    if (!check.ok) throw authorizationError('Athlete', 'access_token', 'invalid');
    return check.record;
  };
  const requireActivityScope = (token: AccessTokenRecord): void => {
    if (!token.scope.includes('activity:read') && !token.scope.includes('activity:read_all')) {
      throw authorizationError('AccessToken', 'activity:read_permission', 'missing');
    }
  };

  router.get('/api/v3/athlete', (req) => {
    const token = authenticate(req);
    return json(200, state.athleteJson(state.getAthlete(token.athleteId)));
  });

  router.get('/api/v3/athlete/activities', (req) => {
    const token = authenticate(req);
    requireActivityScope(token);
    const before = epochParam(req, 'before');
    const after = epochParam(req, 'after');
    const page = Math.max(1, integerParam(req, 'page') ?? 1);
    const requestedPerPage = integerParam(req, 'per_page');
    const perPage = Math.min(200, requestedPerPage === undefined || requestedPerPage < 1 ? 30 : requestedPerPage);
    const activities = state.listActivities(token.athleteId, {
      before,
      after,
      page,
      perPage,
      includePrivate: token.scope.includes('activity:read_all'),
    });
    return json(200, activities.map(toSummary));
  });

  router.get('/api/v3/activities/:id', (req) => {
    const token = authenticate(req);
    requireActivityScope(token);
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id)) throw notFound('Activity');
    const activity = state.activities.get(id);
    const visible =
      activity !== undefined &&
      activity.athleteId === token.athleteId &&
      (!activity.private || token.scope.includes('activity:read_all'));
    if (!activity || !visible) throw notFound('Activity');
    return json(200, toDetail(activity));
  });

  // Push subscriptions (app credentials, not counted against the rate limits)
  router.post('/api/v3/push_subscriptions', async (req) => {
    const params = readStravaParams(req);
    checkClient(params);
    const callbackUrl = single(params, 'callback_url');
    const verifyToken = single(params, 'verify_token');
    if (!callbackUrl) throw badRequest('PushSubscription', 'callback_url', 'missing');
    if (!verifyToken) throw badRequest('PushSubscription', 'verify_token', 'missing');
    if (state.pushSubscription) throw badRequest('PushSubscription', '', 'already exists');
    const validation = await validateCallback(callbackUrl, verifyToken, callbackTimeoutMs);
    if (!validation.ok) throw badRequest('PushSubscription', 'callback url', validation.reason);
    const subscription = state.createPushSubscription(callbackUrl, verifyToken);
    logger.info({ id: subscription.id, callbackUrl }, 'strava push subscription created');
    return json(201, { id: subscription.id, resource_state: 1 });
  });
  router.get('/api/v3/push_subscriptions', (req) => {
    checkClient(readStravaParams(req));
    const sub = state.pushSubscription;
    return json(
      200,
      sub
        ? [
            {
              id: sub.id,
              resource_state: 2,
              application_id: sub.application_id,
              callback_url: sub.callback_url,
              created_at: sub.created_at,
              updated_at: sub.updated_at,
            },
          ]
        : [],
    );
  });
  router.delete('/api/v3/push_subscriptions/:id', (req) => {
    checkClient(readStravaParams(req));
    if (!state.pushSubscription || String(state.pushSubscription.id) !== req.params.id)
      throw notFound('PushSubscription');
    state.pushSubscription = null;
    return { status: 204 };
  });

  registerStravaControlRoutes(router, { state, rateLimiter, pushes, pushEvent, reset });
  registerFaultRoutes(router, faults);

  const server = await startHttpServer(
    { host: options.host ?? '127.0.0.1', port: options.port ?? 12112, name: 'strava', logger },
    router,
    {
      notFound: (req) =>
        json(404, {
          message: 'Record Not Found',
          errors: [{ resource: 'resource', field: 'path', code: 'invalid' }],
          path: req.path,
        }),
      onError: (error) => {
        if (error instanceof StravaError) return errorResponse(error);
        if (error instanceof RangeError)
          return json(400, {
            message: 'Bad Request',
            errors: [{ resource: 'Emulator', field: '', code: error.message }],
          });
        return undefined;
      },
      around: (req, next) => faults.around(req, () => limited(req, next)),
    },
  );
  async function limited(req: EmulatorRequest, next: () => Promise<EmulatorResponse>): Promise<EmulatorResponse> {
    if (req.path.startsWith('/_emulator/')) return next();
    const counted = req.path.startsWith('/api/v3/') && !req.path.startsWith('/api/v3/push_subscriptions');
    if (!counted) return withHeaders(await next(), rateLimiter.headers());
    const decision = rateLimiter.hit(req.method === 'GET' || req.method === 'HEAD');
    if (!decision.allowed) {
      return json(
        429,
        {
          message: 'Rate Limit Exceeded',
          errors: [{ resource: 'Application', field: 'rate limit', code: 'exceeded' }],
        },
        decision.headers,
      );
    }
    return withHeaders(await next(), decision.headers);
  }
  logger.info({ url: server.url, clientId: options.clientId }, 'strava emulator listening');

  return {
    url: server.url,
    state,
    rateLimiter,
    pushes,
    faults,
    pushEvent,
    reset,
    async close() {
      faults.clear();
      await pushes.close();
      await server.close();
    },
  };
}

function withHeaders(response: EmulatorResponse, headers: Record<string, string>): EmulatorResponse {
  return { ...response, headers: { ...headers, ...response.headers } };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function splitScope(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function integerParam(req: EmulatorRequest, name: string): number | undefined {
  const raw = req.query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^-?\d+$/.test(raw)) throw badRequest('Application', name, 'invalid');
  return Number(raw);
}

/** Epoch seconds; Strava also takes fractional values. */
function epochParam(req: EmulatorRequest, name: string): number | undefined {
  const raw = req.query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^\d+(\.\d+)?$/.test(raw)) throw badRequest('Application', name, 'invalid');
  return Number(raw);
}
