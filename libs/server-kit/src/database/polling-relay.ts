import type { Logger } from 'pino';
import { detachedFromRequest } from '../telemetry/trace-context.js';

export interface PollingRelayOptions {
  pollIntervalMs?: number;
  batchSize?: number;
}

/** What a relay logs once per outage (not once per poll), and when it works again. */
export interface PollingRelayMessages {
  failing: string;
  recovered: string;
}

/**
 * The polling loop of an outbox relay (the event outbox's `OutboxRelay`, the job outbox's
 * `JobOutboxRelay`): one pass at a time, every `pollIntervalMs`, at once after a full batch or when
 * kicked (e.g. right after a transaction that recorded rows commits; a kick during a pass asks for
 * another pass right after it). A failing pass is logged once per outage and retried at the next
 * poll. Subclasses give only their batch step, `relayOnce`.
 */
export abstract class PollingRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped: boolean;
  private failing = false;
  protected readonly pollIntervalMs: number;
  protected readonly batchSize: number;

  /**
   * `kickBeforeStart`: whether a kick before `start` runs a pass (the event relay's behaviour) or
   * is ignored until started (the job relay's).
   */
  protected constructor(
    protected readonly logger: Logger,
    private readonly messages: PollingRelayMessages,
    options: PollingRelayOptions,
    kickBeforeStart: boolean,
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.batchSize = options.batchSize ?? 100;
    this.stopped = !kickBeforeStart;
  }

  /** Relays one batch; returns how many rows it relayed (a full batch means: go on at once). */
  abstract relayOnce(): Promise<number>;

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Asks for a pass now, e.g. right after a transaction that recorded rows commits. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    // A pass works for each row's own request, never for the one that happened to kick it: its timer
    // is made outside the caller's trace context and request id.
    this.timer = detachedFromRequest(() => setTimeout(() => void this.pass(), delayMs));
  }

  private async pass(): Promise<void> {
    if (this.stopped || this.running) return;
    let more = false;
    this.running = (async () => {
      try {
        const count = await this.relayOnce();
        more = count === this.batchSize;
        if (this.failing) this.logger.info(this.messages.recovered);
        this.failing = false;
      } catch (err) {
        // One line per outage, not one per poll.
        if (!this.failing) this.logger.warn({ error: (err as Error).message }, this.messages.failing);
        this.failing = true;
      }
    })();
    await this.running;
    this.running = undefined;
    if (this.stopped) return;
    const now = more || this.again;
    this.again = false;
    this.schedule(now ? 0 : this.pollIntervalMs);
  }
}
