import {
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { SERVICE_NAMES, healthPattern, type Readiness, type ServiceName } from '@runpledge/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { env } from '../config/env.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';

type ServiceState = 'up' | 'down';

/**
 * Readiness of the gateway: ready while it can serve itself (its NATS connection is up and it is not
 * shutting down), whatever the services do, so one service down never takes every gateway pod out of
 * the load balancer (cached public pages keep being served). Each service's state is kept up to date
 * by a background ping loop, so a probe answers from memory and costs no NATS call.
 */
@Injectable()
export class ReadinessService implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private draining = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly services = Object.fromEntries(SERVICE_NAMES.map((name) => [name, 'down'])) as Record<
    ServiceName,
    ServiceState
  >;

  constructor(private readonly rpc: NatsRpcClient) {}

  /** True from SIGTERM on. */
  get shuttingDown(): boolean {
    return this.draining;
  }

  onApplicationBootstrap(): void {
    void this.pingLoop();
  }

  /** Pings every service at once, then again after READINESS_INTERVAL_MS; never two rounds at a time. */
  private async pingLoop(): Promise<void> {
    if (this.stopped) return;
    await this.pingAll();
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.pingLoop(), env.READINESS_INTERVAL_MS);
    this.timer.unref();
  }

  /** Each service answers its ping only when it can also reach its database. */
  private async pingAll(): Promise<void> {
    await Promise.all(
      SERVICE_NAMES.map(async (service) => {
        try {
          await this.rpc.call(healthPattern(service), {}, env.HEALTH_TIMEOUT_MS);
          this.services[service] = 'up';
        } catch {
          this.services[service] = 'down';
        }
      }),
    );
  }

  /**
   * `ok` (200): the gateway and every service are up; `degraded` (200): the gateway can serve, some
   * service is down; `unavailable` (503): the gateway itself cannot serve.
   */
  check(): Readiness {
    const services = { ...this.services };
    const failing: string[] = SERVICE_NAMES.filter((name) => services[name] === 'down');
    const own: string[] = [];
    if (!this.rpc.connected) own.push('nats');
    if (this.draining) own.push('gateway (shutting down)');
    const status = own.length > 0 ? 'unavailable' : failing.length > 0 ? 'degraded' : 'ok';
    return { status, services, failing: [...own, ...failing] };
  }

  /** On SIGTERM: fail readiness first so load balancers stop sending, then let Nest close. */
  async beforeApplicationShutdown(): Promise<void> {
    this.draining = true;
    if (env.DRAIN_DELAY_MS > 0) await sleep(env.DRAIN_DELAY_MS);
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}
