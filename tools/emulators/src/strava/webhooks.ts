import { randomHex } from '../common/ids.js';
import { BackgroundTasks } from '../common/background-tasks.js';
import type { EmulatorLogger } from '../common/logger.js';

export interface StravaPushEvent {
  aspect_type: 'create' | 'update' | 'delete';
  event_time: number;
  object_id: number;
  object_type: 'activity' | 'athlete';
  owner_id: number;
  subscription_id: number;
  updates: Record<string, string>;
}

export interface PushAttempt {
  event: StravaPushEvent;
  url: string;
  attempt: number;
  at: string;
  status?: number;
  ok: boolean;
  error?: string;
  duration_ms: number;
}

/** Strava's subscription handshake: GET the callback with hub.* and expect the challenge echoed within the deadline. */
export async function validateCallback(
  callbackUrl: string,
  verifyToken: string,
  timeoutMs: number,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const challenge = randomHex(12);
  let url: URL;
  try {
    url = new URL(callbackUrl);
  } catch {
    return { ok: false, reason: 'callback url is not a valid URL' };
  }
  url.searchParams.set('hub.mode', 'subscribe');
  url.searchParams.set('hub.challenge', challenge);
  url.searchParams.set('hub.verify_token', verifyToken);
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    if (response.status !== 200) return { ok: false, reason: `GET to callback URL does not return 200` };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, reason: 'callback response is not JSON' };
    }
    const echoed = (body as Record<string, unknown> | null)?.['hub.challenge'];
    return echoed === challenge ? { ok: true } : { ok: false, reason: 'callback did not echo hub.challenge' };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      ok: false,
      reason: timedOut ? `callback did not answer within ${timeoutMs} ms` : 'GET to callback URL failed',
    };
  }
}

/** POSTs events to the push subscription's callback: 200 within the deadline, else retried (Strava: up to 3 times). */
export class PushDispatcher {
  readonly attempts: PushAttempt[] = [];
  private readonly background = new BackgroundTasks();

  constructor(
    readonly config: { timeoutMs: number; retryDelaysMs: number[] },
    private readonly logger: EmulatorLogger,
  ) {}

  async push(url: string, event: StravaPushEvent, attempt = 1): Promise<PushAttempt> {
    const started = Date.now();
    const record: PushAttempt = { event, url, attempt, at: new Date().toISOString(), ok: false, duration_ms: 0 };
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'Strava Webhooks (emulator)' },
        body: JSON.stringify(event),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      record.status = response.status;
      record.ok = response.status === 200;
    } catch (error) {
      record.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    record.duration_ms = Date.now() - started;
    this.attempts.push(record);
    const log = {
      object_type: event.object_type,
      aspect_type: event.aspect_type,
      object_id: event.object_id,
      attempt,
      status: record.status,
    };
    if (record.ok) this.logger.info(log, 'strava event pushed');
    else {
      this.logger.warn({ ...log, error: record.error }, 'strava event push failed');
      this.background.retryLater(this.config.retryDelaysMs, attempt, () => this.push(url, event, attempt + 1));
    }
    return record;
  }

  reset(): void {
    this.background.cancelRetries();
    this.attempts.length = 0;
  }

  close(): Promise<void> {
    return this.background.close();
  }
}
