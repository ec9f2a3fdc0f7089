/**
 * Fault injection for any emulator: answer an error status, hang past the client's timeout, or
 * drop the connection, for the next N matching calls or for a share of them.
 *
 * Use in three lines:
 *   const faults = new FaultInjector({ errorBody: (status) => ({ message: 'Server Error' }) });
 *   registerFaultRoutes(router, faults);                 // POST/GET/DELETE /_emulator/faults
 *   around: (req, next) => faults.around(req, next)      // in startHttpServer's hooks (compose with yours)
 *
 * A rule (JSON on `POST /_emulator/faults`, or `faults.add(...)` in process):
 *   { "kind": "status", "status": 429, "times": 3 }                 the next 3 calls answer 429
 *   { "kind": "status", "status": 503, "rate": 0.3, "path": "/api/v3/" }  30 % of calls under /api/v3/
 *   { "kind": "hang", "ms": 30000, "times": 1 }                     the next call waits 30 s, then drops
 *   { "kind": "drop", "times": 2, "method": "POST" }                the next 2 POSTs lose their connection
 *   { "kind": "delay", "ms": 2000, "path": "/v1/subscriptions/" }   each call waits 2 s, then is answered as usual
 * `path` is a prefix of the request path, `method` exact; `/_emulator/` calls are never faulted.
 * Without `times` a rule stays until removed; with both, each call is faulted with the `rate`
 * chance while calls remain. Rules are checked in the order added; the first that fires wins.
 */
import { json, parseJsonObject, type EmulatorRequest, type EmulatorResponse, type Router } from './http.js';

export type FaultKind = 'status' | 'hang' | 'drop' | 'delay';

export interface FaultRuleInput {
  kind: FaultKind;
  /** For `status`: the HTTP status to answer (400-599); default 503. */
  status?: number;
  /** For `status`: seconds in a `Retry-After` header (a 429's default is 15 when omitted). */
  retryAfterSeconds?: number;
  /** For `hang`: how long to wait before dropping the connection; default 30 s. For `delay`: before answering; default 2 s. */
  ms?: number;
  /** Fault only this many matching calls (the next N); absent = until cleared. */
  times?: number;
  /** Share of matching calls to fault, 0..1; default 1. */
  rate?: number;
  /** Only requests whose path starts with this. */
  path?: string;
  /** Only this method (GET, POST, ...). */
  method?: string;
}

export interface FaultRule extends FaultRuleInput {
  id: string;
  /** Calls this rule has faulted. */
  fired: number;
}

export interface FaultInjectorOptions {
  /** The body of an injected error in the emulated API's own shape. */
  errorBody?: (status: number) => unknown;
  /** Extra headers of an injected error (e.g. Strava's rate-limit headers on a 429). */
  errorHeaders?: (status: number) => Record<string, string>;
  /** Replaced in tests for deterministic shares. */
  random?: () => number;
}

/** A response that tells the HTTP server to destroy the socket without answering. */
export const DROP_CONNECTION: EmulatorResponse = Object.freeze({ status: 0, dropConnection: true });

export class FaultError extends RangeError {}

let nextRuleId = 1;

export class FaultInjector {
  private rules: FaultRule[] = [];
  /** Calls faulted since start (or since a caller reset it). */
  faulted = 0;
  private readonly hangs = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

  constructor(private readonly options: FaultInjectorOptions = {}) {}

  add(input: FaultRuleInput): FaultRule {
    const rule: FaultRule = { ...validateRule(input), id: `fault_${nextRuleId++}`, fired: 0 };
    this.rules.push(rule);
    return rule;
  }

  list(): FaultRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((rule) => rule.id !== id);
    return this.rules.length !== before;
  }

  /** Removes every rule and ends hanging calls (their connections drop). */
  clear(): void {
    this.rules = [];
    for (const hang of this.hangs) {
      clearTimeout(hang.timer);
      hang.resolve();
    }
    this.hangs.clear();
  }

  /** The rule that fires for this call, counted; undefined when none does. */
  take(req: Pick<EmulatorRequest, 'method' | 'path'>): FaultRule | undefined {
    if (req.path.startsWith('/_emulator/')) return undefined;
    for (const rule of this.rules) {
      if (rule.method && rule.method !== req.method) continue;
      if (rule.path && !req.path.startsWith(rule.path)) continue;
      if (rule.times !== undefined && rule.fired >= rule.times) continue;
      if ((rule.rate ?? 1) < 1 && (this.options.random ?? Math.random)() >= rule.rate!) continue;
      rule.fired++;
      this.faulted++;
      if (rule.times !== undefined && rule.fired >= rule.times) {
        // Used up: forget it, so the list shows only what is still armed.
        this.rules = this.rules.filter((r) => r !== rule);
      }
      return rule;
    }
    return undefined;
  }

  /** The `around` hook: a faulted call never reaches the handler. */
  async around(req: EmulatorRequest, next: () => Promise<EmulatorResponse>): Promise<EmulatorResponse> {
    const rule = this.take(req);
    if (!rule) return next();
    if (rule.kind === 'drop') return DROP_CONNECTION;
    if (rule.kind === 'hang' || rule.kind === 'delay') {
      await new Promise<void>((resolve) => {
        const wait = rule.ms ?? (rule.kind === 'hang' ? 30_000 : 2_000);
        const hang = { timer: setTimeout(() => done(), wait), resolve: () => done() };
        const done = () => {
          this.hangs.delete(hang);
          resolve();
        };
        hang.timer.unref();
        this.hangs.add(hang);
      });
      // A slow answer: the call goes on as if nothing happened.
      return rule.kind === 'delay' ? next() : DROP_CONNECTION;
    }
    const status = rule.status ?? 503;
    const headers: Record<string, string> = { ...this.options.errorHeaders?.(status) };
    const retryAfter = rule.retryAfterSeconds ?? (status === 429 ? 15 : undefined);
    if (retryAfter !== undefined) headers['Retry-After'] = String(retryAfter);
    return json(status, this.options.errorBody?.(status) ?? { message: `Injected fault ${status}` }, headers);
  }
}

function validateRule(input: FaultRuleInput): FaultRuleInput {
  if (!(['status', 'hang', 'drop', 'delay'] as unknown[]).includes(input.kind)) {
    throw new FaultError("kind must be 'status', 'hang', 'drop' or 'delay'");
  }
  const rule: FaultRuleInput = { kind: input.kind };
  if (input.status !== undefined) {
    if (!Number.isInteger(input.status) || input.status < 400 || input.status > 599)
      throw new FaultError('status must be an integer from 400 to 599');
    rule.status = input.status;
  }
  if (input.retryAfterSeconds !== undefined) {
    if (!Number.isInteger(input.retryAfterSeconds) || input.retryAfterSeconds < 0)
      throw new FaultError('retryAfterSeconds must be a whole number of seconds');
    rule.retryAfterSeconds = input.retryAfterSeconds;
  }
  if (input.ms !== undefined) {
    if (!Number.isFinite(input.ms) || input.ms < 0) throw new FaultError('ms must be a number of milliseconds');
    rule.ms = input.ms;
  }
  if (input.times !== undefined) {
    if (!Number.isInteger(input.times) || input.times < 1) throw new FaultError('times must be a positive integer');
    rule.times = input.times;
  }
  if (input.rate !== undefined) {
    if (!Number.isFinite(input.rate) || input.rate <= 0 || input.rate > 1)
      throw new FaultError('rate must be a share above 0 and at most 1');
    rule.rate = input.rate;
  }
  if (input.path !== undefined) {
    if (typeof input.path !== 'string' || !input.path.startsWith('/'))
      throw new FaultError("path must be a path prefix starting with '/'");
    rule.path = input.path;
  }
  if (input.method !== undefined) {
    if (typeof input.method !== 'string') throw new FaultError('method must be a string');
    rule.method = input.method.toUpperCase();
  }
  return rule;
}

/**
 * `POST /_emulator/faults` (one rule or `{ "rules": [...] }`) → the rules added;
 * `GET /_emulator/faults` → the armed rules; `DELETE /_emulator/faults` → clears them all;
 * `DELETE /_emulator/faults/:id` → removes one.
 */
export function registerFaultRoutes(router: Router, faults: FaultInjector): void {
  router.get('/_emulator/faults', () => json(200, { data: faults.list() }));
  router.post('/_emulator/faults', (req) => {
    const input = parseJsonObject(req.rawBody);
    if (!input) return json(400, { message: 'Send a JSON object: a fault rule or { "rules": [...] }' });
    const inputs = Array.isArray(input.rules)
      ? (input.rules as FaultRuleInput[])
      : [input as unknown as FaultRuleInput];
    try {
      return json(200, { data: inputs.map((rule) => faults.add(rule)) });
    } catch (error) {
      if (error instanceof FaultError) return json(400, { message: error.message });
      throw error;
    }
  });
  router.delete('/_emulator/faults', () => {
    faults.clear();
    return json(200, { ok: true });
  });
  router.delete('/_emulator/faults/:id', (req) =>
    faults.remove(req.params.id!) ? json(200, { ok: true }) : json(404, { message: 'No such fault rule' }),
  );
}
