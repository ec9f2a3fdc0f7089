import { createHmac } from 'node:crypto';
import type { Clock } from '../common/clock.js';
import { BackgroundTasks } from '../common/background-tasks.js';
import { prefixedId } from '../common/ids.js';
import type { EmulatorLogger } from '../common/logger.js';
import type { StripeEvent } from './objects/events.js';

/** HMAC-SHA256 of `"<t>.<payload>"` with the endpoint secret, hex: Stripe's `v1` scheme. */
export function computeSignature(payload: string, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

/** The `Stripe-Signature` header value: `t=<unix>,v1=<hex>`. */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${computeSignature(payload, secret, timestamp)}`;
}

/** Stripe sends events pretty-printed; receivers must verify the raw bytes, not a re-serialisation. */
export function serializeEvent(event: StripeEvent): string {
  return JSON.stringify(event, null, 2);
}

export interface WebhookDelivery {
  id: string;
  event: string;
  type: string;
  attempt: number;
  url: string;
  at: string;
  /** HTTP status of the endpoint's answer; absent when the request failed. */
  status?: number;
  ok: boolean;
  error?: string;
  duration_ms: number;
  /** Why it was sent: first delivery, an automatic retry, a test-control resend or ordered delivery. */
  reason: 'initial' | 'retry' | 'resend' | 'ordered';
}

export interface WebhookConfig {
  url: string;
  secret: string;
  /** While true, new events are recorded but not sent: deliver them later in any order. */
  hold: boolean;
  timeoutMs: number;
  /** Delays of the automatic retries after a failed first delivery. */
  retryDelaysMs: number[];
}

/** Sends events to the one configured endpoint, signed, and keeps a log of every attempt. */
export class WebhookDispatcher {
  readonly deliveries: WebhookDelivery[] = [];
  private readonly background = new BackgroundTasks();

  constructor(
    readonly config: WebhookConfig,
    private readonly clock: Clock,
    private readonly logger: EmulatorLogger,
  ) {}

  /** Delivers new events (unless held), in order, each awaited; failures schedule retries. */
  async dispatch(events: StripeEvent[]): Promise<WebhookDelivery[]> {
    if (this.config.hold) return [];
    const results: WebhookDelivery[] = [];
    for (const event of events) results.push(await this.send(event, 'initial', 1));
    return results;
  }

  /**
   * Delivers and waits at most `maxWaitMs` (a browser is waiting on the redirect); slower deliveries
   * carry on in the background. Returns the deliveries that finished in time.
   */
  async dispatchAndWait(events: StripeEvent[], maxWaitMs: number): Promise<WebhookDelivery[]> {
    const task = this.background.run(() =>
      this.dispatch(events).catch((error: unknown) => {
        this.logger.error({ err: error }, 'webhook dispatch failed');
        return [] as WebhookDelivery[];
      }),
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<WebhookDelivery[]>((resolve) => {
      timer = setTimeout(() => resolve(this.deliveries.filter((d) => events.some((e) => e.id === d.event))), maxWaitMs);
      timer.unref();
    });
    try {
      return await Promise.race([task, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Fire and forget, tracked so `close()` can wait for it. */
  dispatchInBackground(events: StripeEvent[]): void {
    void this.background.run(() =>
      this.dispatch(events).catch((error: unknown) => this.logger.error({ err: error }, 'webhook dispatch failed')),
    );
  }

  async send(event: StripeEvent, reason: WebhookDelivery['reason'], attempt?: number): Promise<WebhookDelivery> {
    const number = attempt ?? this.deliveries.filter((d) => d.event === event.id).length + 1;
    const payload = serializeEvent(event);
    const timestamp = Math.floor(this.clock.nowMs() / 1000);
    const started = Date.now();
    const delivery: WebhookDelivery = {
      id: prefixedId('whdel_', 16),
      event: event.id,
      type: event.type,
      attempt: number,
      url: this.config.url,
      at: new Date(this.clock.nowMs()).toISOString(),
      ok: false,
      duration_ms: 0,
      reason,
    };
    try {
      const response = await fetch(this.config.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signatureHeader(payload, this.config.secret, timestamp),
        },
        body: payload,
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.status = response.status;
      delivery.ok = response.status >= 200 && response.status < 300;
    } catch (error) {
      delivery.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    delivery.duration_ms = Date.now() - started;
    this.deliveries.push(delivery);
    const log = { event: event.id, type: event.type, status: delivery.status, attempt: number, reason };
    if (delivery.ok) {
      event.pending_webhooks = 0;
      this.logger.info(log, 'webhook delivered');
    } else {
      this.logger.warn({ ...log, error: delivery.error }, 'webhook delivery failed');
      if (reason === 'initial' || reason === 'retry')
        this.background.retryLater(this.config.retryDelaysMs, number, () => this.send(event, 'retry', number + 1));
    }
    return delivery;
  }

  /** Stops pending retries and forgets the log. */
  reset(): void {
    this.background.cancelRetries();
    this.deliveries.length = 0;
  }

  close(): Promise<void> {
    return this.background.close();
  }
}
