/** What every `/v1` route shares: reading Stripe's nested params, expanding and listing. */
import { json, type EmulatorRequest, type EmulatorResponse, type Router } from '../common/http.js';
import { parseFormBody } from './form-body.js';
import type { StripeEvent } from './objects/events.js';
import { expandObject } from './objects/expand.js';
import { Params } from './params.js';
import type { StripeState } from './state.js';
import type { RequestInfo } from './stores/events.js';

export interface ApiContext {
  state: StripeState;
  /** Sends events to the webhook endpoint without holding up the API response. */
  dispatch(events: StripeEvent[]): void;
}

/** One resource's routes: registered on the router with the account and its helpers. */
export type ApiRoutes = (router: Router, ctx: ApiContext, reply: ApiReply) => void;

export interface ApiReply {
  /** 200 with the object, `expand[]` applied. */
  ok(req: EmulatorRequest, params: Params, value: unknown): EmulatorResponse;
  /** The request id and Idempotency-Key that events caused by this request carry. */
  info(req: EmulatorRequest): RequestInfo;
}

interface ApiRequest extends EmulatorRequest {
  stripeRequest: RequestInfo;
}

export function apiReply(state: StripeState): ApiReply {
  return {
    ok: (_req, params, value) =>
      json(200, params.expand().length ? expandObject(value, params.expand(), (id) => state.resolve(id)) : value),
    info: (req) => (req as ApiRequest).stripeRequest ?? { id: null, idempotencyKey: null },
  };
}

/** Query string (GET, DELETE) or form body (POST) as nested Stripe params. */
export function readParams(req: EmulatorRequest): Params {
  const fromQuery = parseFormBody(req.query.toString());
  if (req.method === 'GET') return new Params(fromQuery);
  const fromBody = parseFormBody(req.rawBody.toString('utf8'));
  return new Params({ ...fromQuery, ...fromBody });
}

export function listOptions(params: Params): { limit?: number; startingAfter?: string; endingBefore?: string } {
  return {
    limit: params.integer('limit', { min: 1, max: 100 }),
    startingAfter: params.string('starting_after'),
    endingBefore: params.string('ending_before'),
  };
}

/** An empty form value clears a nullable field. */
export function nullable(value: string | undefined): string | null | undefined {
  return value === '' ? null : value;
}
