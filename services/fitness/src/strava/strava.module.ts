import { Global, Module } from '@nestjs/common';
import { LOGGER } from '@runpledge/server-kit';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { env } from '../config/env.js';
import { REDIS } from '@runpledge/server-kit';
import { StravaRateBudget } from './strava-rate-budget.js';
import { StravaClient } from './strava.client.js';

export const TOKEN_KEY = Symbol('TOKEN_KEY');

@Global()
@Module({
  providers: [
    {
      provide: StravaRateBudget,
      inject: [REDIS],
      useFactory: (redis: Redis) =>
        new StravaRateBudget(redis, {
          prefix: `${env.REDIS_PREFIX}strava:rate:`,
          shortWindowMs: env.STRAVA_RATE_WINDOW_SECONDS * 1000,
          shortLimit: env.STRAVA_RATE_LIMIT_SHORT,
          dailyLimit: env.STRAVA_RATE_LIMIT_DAILY,
        }),
    },
    {
      provide: StravaClient,
      inject: [StravaRateBudget, LOGGER],
      useFactory: (budget: StravaRateBudget, logger: Logger) => new StravaClient(env.strava, budget, logger),
    },
    { provide: TOKEN_KEY, useFactory: () => Buffer.from(env.TOKEN_ENCRYPTION_KEY, 'base64') },
  ],
  exports: [StravaRateBudget, StravaClient, TOKEN_KEY],
})
export class StravaModule {}
