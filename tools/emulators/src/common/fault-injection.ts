/**
 * Misbehaviour on demand for an emulator's API (not its `/_emulator` controls): answer 429, 500 or
 * 503, hang past the client's deadline, or drop the connection, for the next N calls or a share of
 * them. Shared shape for every emulator: `PUT /_emulator/faults`, `DELETE /_emulator/faults`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { json, type EmulatorResponse } from './http.js';

export type FaultKind = 429 | 500 | 503 | 'hang' | 'drop';

export interface FaultPlan {
  fault: FaultKind;
  /** The next `count` calls misbehave (default: every call until cleared, or `share` of them). */
  count?: number;
  /** 0-1: each call misbehaves with this probability. */
  share?: number;
  /** How long a hang lasts before a 503 goes out anyway; default 30 s. */
  hangMs?: number;
  /** Seconds to put in `Retry-After` on a 429 or 503. */
  retryAfterSeconds?: number;
}

const KINDS: readonly unknown[] = [429, 500, 503, 'hang', 'drop'];

export class FaultInjector {
  private plan: FaultPlan | null = null;
  private remaining = Infinity;
  faulted = 0;

  constructor(private readonly random: () => number = Math.random) {}

  /** Parses a control body; throws a message for a bad one. */
  static parse(input: Record<string, unknown>): FaultPlan {
    const fault = input.fault;
    if (!KINDS.includes(fault)) throw new Error(`fault must be one of ${KINDS.join(', ')}`);
    const count = input.count;
    if (count !== undefined && (!Number.isInteger(count) || (count as number) < 1))
      throw new Error('count must be a positive integer');
    const share = input.share;
    if (share !== undefined && (typeof share !== 'number' || share < 0 || share > 1))
      throw new Error('share must be 0 to 1');
    const hangMs = input.hangMs;
    if (hangMs !== undefined && (!Number.isInteger(hangMs) || (hangMs as number) < 0))
      throw new Error('hangMs must be ms');
    const retryAfterSeconds = input.retryAfterSeconds;
    if (retryAfterSeconds !== undefined && (!Number.isInteger(retryAfterSeconds) || (retryAfterSeconds as number) < 0))
      throw new Error('retryAfterSeconds must be whole seconds');
    return {
      fault: fault as FaultKind,
      count: count as number | undefined,
      share: share as number | undefined,
      hangMs: hangMs as number | undefined,
      retryAfterSeconds: retryAfterSeconds as number | undefined,
    };
  }

  set(plan: FaultPlan): void {
    this.plan = plan;
    this.remaining = plan.count ?? Infinity;
  }

  clear(): void {
    this.plan = null;
    this.remaining = Infinity;
  }

  describe(): (FaultPlan & { remaining: number | null }) | null {
    return this.plan ? { ...this.plan, remaining: Number.isFinite(this.remaining) ? this.remaining : null } : null;
  }

  /** The misbehaving answer for this call, or undefined to answer normally. */
  async next(): Promise<EmulatorResponse | undefined> {
    const plan = this.plan;
    if (!plan || this.remaining <= 0) return undefined;
    if (plan.share !== undefined && this.random() >= plan.share) return undefined;
    this.remaining -= 1;
    if (this.remaining <= 0) this.clear();
    this.faulted += 1;
    const retryAfter: Record<string, string> =
      plan.retryAfterSeconds !== undefined ? { 'Retry-After': String(plan.retryAfterSeconds) } : {};
    switch (plan.fault) {
      case 429:
        return json(429, { message: 'Too Many Requests' }, retryAfter);
      case 500:
        return json(500, { message: 'Internal Server Error' });
      case 503:
        return json(503, { message: 'Service Unavailable' }, retryAfter);
      case 'hang':
        await sleep(plan.hangMs ?? 30_000);
        return json(503, { message: 'Service Unavailable' });
      case 'drop':
        return { status: 0, dropConnection: true };
    }
  }
}
