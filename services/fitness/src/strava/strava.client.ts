import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { StravaApiError, StravaBudgetExhaustedError, type StravaFailure } from './strava.errors.js';
import { parseRateLimitHeaders, type RateUsage, type StravaRateBudget } from './strava-rate-budget.js';
import type { StravaActivity, StravaTokenResponse } from './strava.types.js';
import { stravaRateBudget } from '@runpledge/server-kit';

export interface StravaClientConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  requestTimeoutMs?: number;
}

export const STRAVA_SCOPE = 'activity:read_all';
export const STRAVA_PAGE_SIZE = 200;
/** A wait this short (a probe in flight, the guard at a window's end) is waited out, not reported. */
const SHORT_WAIT_LIMIT_MS = 2_500;
/** Sends of one read while Strava answers transient 429s with short waits; then the job backs off. */
const TRANSIENT_429_TRIES = 3;
/** A transient 429 without a usable Retry-After waits this long. */
const DEFAULT_RETRY_AFTER_MS = 15_000;

/** Every call this product makes to Strava; API reads go through the deployment-wide rate budget. */
export class StravaClient {
  constructor(
    private readonly config: StravaClientConfig,
    private readonly budget: StravaRateBudget,
    private readonly logger: Logger,
  ) {}

  authorizeUrl(state: string): string {
    const url = new URL('/oauth/authorize', this.config.baseUrl);
    url.search = new URLSearchParams({
      client_id: this.config.clientId,
      redirect_uri: this.config.redirectUri,
      response_type: 'code',
      approval_prompt: 'auto',
      scope: STRAVA_SCOPE,
      state,
    }).toString();
    return url.toString();
  }

  exchangeCode(code: string): Promise<StravaTokenResponse> {
    return this.oauth('/oauth/token', { grant_type: 'authorization_code', code });
  }

  refresh(refreshToken: string): Promise<StravaTokenResponse> {
    return this.oauth('/oauth/token', { grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  async deauthorize(accessToken: string): Promise<void> {
    await this.send('POST', '/oauth/deauthorize', {
      body: new URLSearchParams({ access_token: accessToken }),
    });
  }

  /** Checks an access token by reading the athlete it belongs to. */
  getAthlete(accessToken: string): Promise<{ id: number | string }> {
    return this.read(accessToken, '/api/v3/athlete');
  }

  /** One page of the athlete's activities (`after` in epoch seconds). */
  listActivities(
    accessToken: string,
    options: { after?: number; page: number; perPage?: number },
  ): Promise<StravaActivity[]> {
    const query = new URLSearchParams({
      page: String(options.page),
      per_page: String(options.perPage ?? STRAVA_PAGE_SIZE),
    });
    if (options.after !== undefined) query.set('after', String(options.after));
    return this.read(accessToken, `/api/v3/athlete/activities?${query}`);
  }

  getActivity(accessToken: string, activityId: string): Promise<StravaActivity> {
    return this.read(accessToken, `/api/v3/activities/${encodeURIComponent(activityId)}`);
  }

  /** The app's push subscriptions (app credentials; not counted against the rate limits). */
  listPushSubscriptions(timeoutMs?: number): Promise<{ id: number; callback_url: string }[]> {
    const query = new URLSearchParams({ client_id: this.config.clientId, client_secret: this.config.clientSecret });
    return this.send('GET', `/api/v3/push_subscriptions?${query}`, { timeoutMs });
  }

  /** Strava validates `callbackUrl` (GET with hub.challenge) before it answers. */
  createPushSubscription(callbackUrl: string, verifyToken: string): Promise<{ id: number }> {
    return this.send('POST', '/api/v3/push_subscriptions', {
      body: new URLSearchParams({
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
        callback_url: callbackUrl,
        verify_token: verifyToken,
      }),
    });
  }

  private oauth(path: string, params: Record<string, string>): Promise<StravaTokenResponse> {
    return this.send('POST', path, {
      body: new URLSearchParams({
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
        ...params,
      }),
    });
  }

  /**
   * An API read: waits out a short pause of the budget, fails fast when the window is spent. A
   * transient 429 (Strava's windows not spent) asking for a short wait is waited out and the read
   * sent again, a few times, each time through the budget (Strava counts refused requests too).
   */
  private async read<T>(accessToken: string, path: string): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const waitUntil = Date.now() + SHORT_WAIT_LIMIT_MS;
      for (;;) {
        const decision = await this.budget.acquire();
        if (decision.granted) break;
        if (Date.now() + decision.waitMs > waitUntil) throw new StravaBudgetExhaustedError(decision.waitMs);
        await sleep(decision.waitMs);
      }
      const sentAt = Date.now();
      try {
        return await this.send<T>('GET', path, { accessToken, sentAt });
      } catch (err) {
        const shortPause =
          err instanceof StravaBudgetExhaustedError && err.transient && err.waitMs <= SHORT_WAIT_LIMIT_MS;
        if (!shortPause || attempt >= TRANSIENT_429_TRIES) throw err;
        await sleep(err.waitMs);
      }
    }
  }

  private async send<T>(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: URLSearchParams; accessToken?: string; sentAt?: number; timeoutMs?: number },
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.config.baseUrl), {
        method,
        headers: {
          accept: 'application/json',
          ...(options.accessToken ? { authorization: `Bearer ${options.accessToken}` } : {}),
        },
        body: options.body,
        signal: AbortSignal.timeout(options.timeoutMs ?? this.config.requestTimeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new StravaApiError('unavailable', 0, `Strava unreachable: ${(err as Error).message}`);
    }
    const usage = parseRateLimitHeaders(response.headers);
    if (usage) reportBudgetLeft(usage, response.status === 429);
    if (options.sentAt !== undefined) {
      if (response.status === 429) {
        this.logger.warn({ path: path.split('?')[0], usage }, 'Strava answered 429');
        if (usage && underLimits(usage)) {
          // Strava's own count says the windows are not spent: a burst refused for a moment (or a
          // busy Strava), not our budget gone. Wait what it asks (Retry-After), keep the window.
          await this.budget.observe(usage, options.sentAt);
          throw new StravaBudgetExhaustedError(
            Math.min(retryAfterMs(response.headers), this.budget.msToReset(false)),
            true,
          );
        }
        const daily = usage !== undefined && usage.dailyLimit !== undefined && usage.dailyUsage >= usage.dailyLimit;
        await this.budget.exhaust(options.sentAt, daily);
        throw new StravaBudgetExhaustedError(this.budget.msToReset(daily));
      } else if (usage) {
        await this.budget.observe(usage, options.sentAt);
      }
    }
    const text = await response.text();
    if (!response.ok)
      throw new StravaApiError(
        failureOf(response.status, text),
        response.status,
        `Strava ${method} ${path.split('?')[0]}: ${response.status}`,
      );
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

/** Strava's usage headers on a 429 say both windows still have room. */
function underLimits(usage: RateUsage): boolean {
  return (
    usage.shortLimit !== undefined &&
    usage.shortUsage < usage.shortLimit &&
    (usage.dailyLimit === undefined || usage.dailyUsage < usage.dailyLimit)
  );
}

/** `Retry-After` in seconds or as an HTTP date; DEFAULT_RETRY_AFTER_MS when absent or unreadable. */
function retryAfterMs(headers: Headers): number {
  const value = headers.get('retry-after')?.trim();
  if (!value) return DEFAULT_RETRY_AFTER_MS;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? DEFAULT_RETRY_AFTER_MS : Math.max(0, at - Date.now());
}

function failureOf(status: number, body: string): StravaFailure {
  if (status === 401) return 'unauthorized';
  // A refresh token that Strava no longer knows: only the runner can fix that, by reconnecting.
  if (status === 400 && /invalid|refresh_token|authorization code/i.test(body)) return 'invalid-grant';
  if (status === 404) return 'not-found';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'unavailable';
  return 'rejected';
}

/** What Strava says is left of each window, for the `strava_rate_budget_remaining` gauge. */
function reportBudgetLeft(usage: RateUsage, refused: boolean): void {
  if (usage.shortLimit !== undefined) {
    stravaRateBudget.set({ window: '15m' }, Math.max(0, usage.shortLimit - usage.shortUsage));
  }
  if (usage.dailyLimit !== undefined) {
    stravaRateBudget.set({ window: 'daily' }, Math.max(0, usage.dailyLimit - usage.dailyUsage));
  }
  if (refused && usage.shortLimit === undefined) stravaRateBudget.set({ window: '15m' }, 0);
}
