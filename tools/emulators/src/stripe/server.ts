import { createHash } from 'node:crypto';
import { systemClock, type Clock } from '../common/clock.js';
import { json, Router, startHttpServer, type EmulatorRequest, type EmulatorResponse } from '../common/http.js';
import { prefixedId } from '../common/ids.js';
import { silentLogger, type EmulatorLogger } from '../common/logger.js';
import { FaultInjector, registerFaultRoutes } from '../common/fault-injection.js';
import { registerApiRoutes } from './api-routes.js';
import { registerControlRoutes } from './control-routes.js';
import { StripeApiError } from './errors.js';
import { registerHostedRoutes } from './hosted-routes.js';
import { EMULATED_API_VERSION } from './objects/shared.js';
import { DEFAULT_SEED_PRICES, StripeState, type RequestInfo, type SeedPrice } from './state.js';
import { WebhookDispatcher } from './webhooks.js';

export interface StripeEmulatorOptions {
  /** 0 picks a free port. Default 12111. */
  port?: number;
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Where events are POSTed, e.g. http://localhost:3000/api/webhooks/stripe. */
  webhookUrl: string;
  /** The endpoint secret (`whsec_…`) that signs each delivery. */
  webhookSecret: string;
  /** Base of the browser-facing URLs (Checkout, portal); default the server's own URL. */
  publicUrl?: string;
  /** When set, API requests must use exactly this secret key; otherwise any `sk_test_…`/`sk_live_…`/`rk_…` key works. */
  apiKey?: string;
  /** Prices created at start and on reset; default one: `runpledge_monthly`, $5.00/month. */
  seedPrices?: SeedPrice[];
  webhookTimeoutMs?: number;
  /** Automatic retries after a failed delivery; default 5 s, 30 s, 2 min. */
  webhookRetryDelaysMs?: number[];
  /** How long the hosted pages wait for webhook deliveries before redirecting; default 5 s. */
  redirectWaitMs?: number;
  /** Start with webhook delivery on hold (events recorded, sent only by `/_emulator/events/deliver`). */
  holdWebhooks?: boolean;
  logger?: EmulatorLogger;
  clock?: Clock;
}

export interface StripeEmulator {
  url: string;
  state: StripeState;
  webhooks: WebhookDispatcher;
  /** Injected 429/5xx, hangs and dropped connections (`/_emulator/faults`). */
  faults: FaultInjector;
  /** Back to the seeded state: no customers, sessions, subscriptions or events. */
  reset(): void;
  close(): Promise<void>;
}

interface CachedResponse {
  fingerprint: string;
  response: EmulatorResponse;
}

export async function startStripeEmulator(options: StripeEmulatorOptions): Promise<StripeEmulator> {
  const logger = options.logger ?? silentLogger;
  const clock = options.clock ?? systemClock;
  let publicUrl = options.publicUrl?.replace(/\/$/, '') ?? '';
  const state = new StripeState(clock, () => publicUrl, options.seedPrices ?? DEFAULT_SEED_PRICES);
  const webhooks = new WebhookDispatcher(
    {
      url: options.webhookUrl,
      secret: options.webhookSecret,
      hold: options.holdWebhooks ?? false,
      timeoutMs: options.webhookTimeoutMs ?? 10_000,
      retryDelaysMs: options.webhookRetryDelaysMs ?? [5_000, 30_000, 120_000],
    },
    clock,
    logger,
  );
  const idempotency = new Map<string, CachedResponse>();
  const inProgress = new Set<string>();
  const faults = new FaultInjector({
    errorBody: (status) => ({
      error:
        status === 429
          ? {
              type: 'invalid_request_error',
              code: 'rate_limit',
              message:
                'Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.',
            }
          : { type: status >= 500 ? 'api_error' : 'invalid_request_error', message: `Injected fault (${status}).` },
    }),
  });
  const reset = () => {
    state.reset();
    webhooks.reset();
    idempotency.clear();
    faults.clear();
  };

  const router = new Router();
  registerApiRoutes(router, { state, dispatch: (events) => webhooks.dispatchInBackground(events) });
  registerHostedRoutes(router, {
    state,
    deliver: (events) => webhooks.dispatchAndWait(events, options.redirectWaitMs ?? 5_000),
  });
  registerControlRoutes(router, { state, webhooks, reset });
  registerFaultRoutes(router, faults);

  const server = await startHttpServer(
    { host: options.host ?? '127.0.0.1', port: options.port ?? 12111, name: 'stripe', logger },
    router,
    {
      notFound: (req) =>
        req.path.startsWith('/v1/')
          ? json(404, {
              error: {
                type: 'invalid_request_error',
                message: `Unrecognized request URL (${req.method}: ${req.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
              },
            })
          : json(404, { error: { type: 'invalid_request_error', message: `Not found: ${req.method} ${req.path}` } }),
      onError: (error) => (error instanceof StripeApiError ? json(error.status, error.toJSON()) : undefined),
      around: (req, next) => faults.around(req, () => (req.path.startsWith('/v1/') ? apiRequest(req, next) : next())),
    },
  );
  publicUrl ||= server.url;

  async function apiRequest(req: EmulatorRequest, next: () => Promise<EmulatorResponse>): Promise<EmulatorResponse> {
    const requestId = prefixedId('req_', 14);
    const version = headerValue(req, 'stripe-version') ?? EMULATED_API_VERSION;
    const common = { 'Request-Id': requestId, 'Stripe-Version': version, 'Cache-Control': 'no-cache, no-store' };
    const authProblem = checkApiKey(headerValue(req, 'authorization'), options.apiKey);
    if (authProblem) return withHeaders(json(401, authProblem.toJSON()), common);

    const key = req.method === 'POST' ? headerValue(req, 'idempotency-key') : undefined;
    (req as EmulatorRequest & { stripeRequest: RequestInfo }).stripeRequest = {
      id: requestId,
      idempotencyKey: key ?? null,
    };
    if (!key) return withHeaders(await next(), common);
    if (key.length > 255) {
      return withHeaders(
        json(
          400,
          new StripeApiError(
            400,
            'Idempotency keys may be at most 255 characters long.',
            undefined,
            undefined,
            'idempotency_error',
          ).toJSON(),
        ),
        common,
      );
    }
    const fingerprint = createHash('sha256')
      .update(`${req.method} ${req.path}?${req.query.toString()}\n`)
      .update(req.rawBody)
      .digest('hex');
    const cached = idempotency.get(key);
    if (cached) {
      if (cached.fingerprint !== fingerprint) {
        const error = new StripeApiError(
          400,
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          undefined,
          'idempotency_key_in_use',
          'idempotency_error',
        );
        return withHeaders(json(400, error.toJSON()), { ...common, 'Idempotency-Key': key });
      }
      return withHeaders(cached.response, { ...common, 'Idempotency-Key': key, 'Idempotent-Replayed': 'true' });
    }
    if (inProgress.has(key)) {
      const error = new StripeApiError(
        409,
        'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ' +
          key +
          '. Please try again later.',
        undefined,
        'idempotency_key_in_use',
        'idempotency_error',
      );
      return withHeaders(json(409, error.toJSON()), common);
    }
    inProgress.add(key);
    try {
      const response = frozen(await next());
      // Like Stripe, only requests that ran are remembered; validation failures may be retried with the key.
      if (response.status < 400 || response.status === 402) idempotency.set(key, { fingerprint, response });
      return withHeaders(response, { ...common, 'Idempotency-Key': key });
    } finally {
      inProgress.delete(key);
    }
  }

  logger.info({ url: server.url, webhookUrl: options.webhookUrl }, 'stripe emulator listening');
  return {
    url: server.url,
    state,
    webhooks,
    faults,
    reset,
    async close() {
      faults.clear();
      await webhooks.close();
      await server.close();
    },
  };
}

/** The response as bytes now, so a replay shows the object as it was, not as it is later. */
function frozen(response: EmulatorResponse): EmulatorResponse {
  if (response.body === undefined || typeof response.body === 'string' || Buffer.isBuffer(response.body))
    return response;
  return {
    ...response,
    body: JSON.stringify(response.body),
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...response.headers },
  };
}

function headerValue(req: EmulatorRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function withHeaders(response: EmulatorResponse, headers: Record<string, string>): EmulatorResponse {
  return { ...response, headers: { ...response.headers, ...headers } };
}

/** Bearer (what the SDK sends) or Basic with the key as user name, like Stripe. */
export function checkApiKey(
  authorization: string | undefined,
  expected: string | undefined,
): StripeApiError | undefined {
  let key: string | undefined;
  if (authorization?.startsWith('Bearer ')) key = authorization.slice(7).trim();
  else if (authorization?.startsWith('Basic ')) {
    key = Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':')[0];
  }
  if (!key) {
    return new StripeApiError(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  const valid = expected ? key === expected : /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/.test(key);
  if (!valid) {
    const masked =
      key.length > 8 ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : key;
    return new StripeApiError(401, `Invalid API Key provided: ${masked}`, undefined, 'api_key_invalid');
  }
  return undefined;
}
