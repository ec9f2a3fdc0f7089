import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { SERVICE_NAMES, healthPattern, type Readiness, type ServiceName } from '@runpledge/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { env } from '../config/env.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';

@Injectable()
export class ReadinessService implements BeforeApplicationShutdown {
  private draining = false;

  constructor(private readonly rpc: NatsRpcClient) {}

  /** True from SIGTERM on. */
  get shuttingDown(): boolean {
    return this.draining;
  }

  /** Pings every service at once; each answers only when it can also reach its database. */
  async check(): Promise<Readiness> {
    const results = await Promise.all(
      SERVICE_NAMES.map(async (service): Promise<[ServiceName, 'up' | 'down']> => {
        try {
          await this.rpc.send(healthPattern(service), {}, env.HEALTH_TIMEOUT_MS);
          return [service, 'up'];
        } catch {
          return [service, 'down'];
        }
      }),
    );
    const services = Object.fromEntries(results) as Record<ServiceName, 'up' | 'down'>;
    const failing: string[] = results.filter(([, state]) => state === 'down').map(([name]) => name);
    if (this.draining) failing.unshift('gateway (shutting down)');
    if (!this.rpc.connected) failing.unshift('nats');
    return { status: failing.length === 0 ? 'ok' : 'unavailable', services, failing };
  }

  /** On SIGTERM: fail readiness first so load balancers stop sending, then let Nest close. */
  async beforeApplicationShutdown(): Promise<void> {
    this.draining = true;
    if (env.DRAIN_DELAY_MS > 0) await sleep(env.DRAIN_DELAY_MS);
  }
}
