/**
 * A slow platform: the answer's status and headers at once, then its body one byte every `everyMs`,
 * so a client's inactivity timer never fires. Rules (JSON on `POST /_emulator/trickle`, or
 * `emulator.trickle.add(...)` in process):
 *   { "everyMs": 4000 }                                   every API answer trickles until cleared
 *   { "everyMs": 100, "path": "/api/participants/", "times": 2 }   the next 2 answers under that path
 * `DELETE /_emulator/trickle` clears the rules (answers already trickling go on); `GET` lists the
 * rules, the answers trickling now and those that ended (`cut`: the client hung up first).
 */
import { Readable } from 'node:stream';
import { ControlError } from './ledger.js';
import type { EmulatorRequest, EmulatorResponse } from '../common/http.js';

export interface TrickleRuleInput {
  everyMs: number;
  path?: string;
  times?: number;
}

export interface TrickledAnswer {
  path: string;
  /** Bytes sent, of `size`. */
  sent: number;
  size: number;
  startedAt: string;
  /** Unset while still trickling. */
  endedAt?: string;
  /** The client closed the connection before the last byte. */
  cut?: boolean;
}

export class Trickle {
  private rules: (TrickleRuleInput & { fired: number })[] = [];
  readonly answers: TrickledAnswer[] = [];

  add(input: TrickleRuleInput): TrickleRuleInput {
    if (typeof input.everyMs !== 'number' || !Number.isFinite(input.everyMs) || input.everyMs <= 0)
      throw new ControlError('everyMs must be a positive number of milliseconds');
    if (input.path !== undefined && (typeof input.path !== 'string' || !input.path.startsWith('/')))
      throw new ControlError("path must be a path prefix starting with '/'");
    if (input.times !== undefined && (!Number.isInteger(input.times) || input.times < 1))
      throw new ControlError('times must be a positive integer');
    const rule = { everyMs: input.everyMs, path: input.path, times: input.times };
    this.rules.push({ ...rule, fired: 0 });
    return rule;
  }

  list(): TrickleRuleInput[] {
    return this.rules.map(({ everyMs, path, times }) => ({ everyMs, path, times }));
  }

  get trickling(): number {
    return this.answers.filter((a) => a.endedAt === undefined).length;
  }

  clear(): void {
    this.rules = [];
  }

  reset(): void {
    this.rules = [];
    this.answers.length = 0;
  }

  /** The response as is, or with its body trickling when a rule matches. */
  apply(req: EmulatorRequest, response: EmulatorResponse): EmulatorResponse {
    if (response.body === undefined || response.dropConnection) return response;
    const rule = this.rules.find((r) => !r.path || req.path.startsWith(r.path));
    if (!rule) return response;
    rule.fired += 1;
    if (rule.times !== undefined && rule.fired >= rule.times) this.rules = this.rules.filter((r) => r !== rule);
    const payload = Buffer.isBuffer(response.body)
      ? response.body
      : Buffer.from(typeof response.body === 'string' ? response.body : JSON.stringify(response.body), 'utf8');
    const answer: TrickledAnswer = {
      path: req.path,
      sent: 0,
      size: payload.length,
      startedAt: new Date().toISOString(),
    };
    this.answers.push(answer);
    let timer: NodeJS.Timeout | undefined;
    const body = new Readable({
      read() {
        if (timer) return;
        timer = setTimeout(() => {
          timer = undefined;
          this.push(payload.subarray(answer.sent, answer.sent + 1));
          answer.sent += 1;
          if (answer.sent >= payload.length) this.push(null);
        }, rule.everyMs);
      },
      destroy(err, callback) {
        clearTimeout(timer);
        answer.endedAt = new Date().toISOString();
        answer.cut = answer.sent < payload.length;
        callback(err);
      },
    });
    return {
      status: response.status,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        ...response.headers,
        'Content-Length': String(payload.length),
      },
      body,
    };
  }
}
