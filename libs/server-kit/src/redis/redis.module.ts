import { Global, Inject, Injectable, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';

/** Injection token of the service's shared Redis connection. */
export const REDIS = Symbol('REDIS');

@Injectable()
class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** One Redis connection per process, injectable everywhere as `REDIS`, closed on shutdown. */
@Global()
@Module({})
export class RedisModule {
  static forRoot(url: string, options: RedisOptions = {}): DynamicModule {
    return {
      module: RedisModule,
      providers: [{ provide: REDIS, useFactory: () => new Redis(url, options) }, RedisLifecycle],
      exports: [REDIS],
    };
  }
}
