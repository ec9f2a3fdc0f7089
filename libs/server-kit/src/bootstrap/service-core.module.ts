import {
  Global,
  Inject,
  Injectable,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { ServiceName } from '@runpledge/contracts';
import type { Logger } from 'pino';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { loadBaseEnv } from '../config/env.js';
import { DomainEvents } from '../events/domain-events.js';
import { healthControllerFor } from '../health/health-controller.js';
import { createLogger } from '../logging/logger.js';
import { natsConnectionOptions } from '../messaging/nats-trust.js';

export const LOGGER = Symbol('LOGGER');
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

export interface ServiceCoreOptions {
  service: ServiceName;
  dataSource: DataSourceOptions;
}

/** Starts the event relay and consumer once every module registered its handlers; stops them first on shutdown. */
@Injectable()
class EventsLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    private readonly events: DomainEvents,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.events.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.events.stop();
    await this.nc.drain();
  }
}

/** What every service shares: logger, its own data source, a NATS connection, domain events, health ping. */
@Global()
@Module({})
export class ServiceCoreModule {
  static forService(options: ServiceCoreOptions): DynamicModule {
    const env = loadBaseEnv();
    return {
      module: ServiceCoreModule,
      imports: [TypeOrmModule.forRoot(options.dataSource)],
      controllers: [healthControllerFor(options.service)],
      providers: [
        { provide: LOGGER, useFactory: (): Logger => createLogger(options.service, env.LOG_LEVEL) },
        {
          provide: NATS_CONNECTION,
          useFactory: (): Promise<NatsConnection> =>
            connect({
              ...natsConnectionOptions(env),
              name: `${options.service}-events`,
              maxReconnectAttempts: -1,
            }),
        },
        {
          provide: DomainEvents,
          inject: [DataSource, NATS_CONNECTION, LOGGER],
          useFactory: (dataSource: DataSource, nc: NatsConnection, logger: Logger) =>
            new DomainEvents(options.service, dataSource, nc, logger),
        },
        EventsLifecycle,
      ],
      exports: [LOGGER, NATS_CONNECTION, DomainEvents, TypeOrmModule],
    };
  }
}
