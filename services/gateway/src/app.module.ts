import { Module } from '@nestjs/common';
import { RedisModule } from '@runpledge/server-kit/redis';
import { BillingModule } from './billing/billing.module.js';
import { WorkerThreadsModule } from './common/worker-threads.module.js';
import { env } from './config/env.js';
import { FitnessModule } from './fitness/fitness.module.js';
import { HealthModule } from './health/health.module.js';
import { IdentityModule } from './identity/identity.module.js';
import { NatsModule } from './nats/nats.module.js';
import { PagesModule } from './pages/pages.module.js';
import { ProfilesModule } from './profiles/profiles.module.js';
import { TeamsModule } from './community/teams/teams.module.js';
import { CharitiesModule } from './community/charities/charities.module.js';
import { EventsModule } from './community/events/events.module.js';

/** One module per service the gateway fronts (its folder holds the controllers of its /api segments), plus pages and health. */
@Module({
  imports: [
    NatsModule,
    WorkerThreadsModule,
    // Fail fast instead of queueing commands while Redis is away; callers have a fallback.
    RedisModule.forRoot(env.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false }),
    IdentityModule,
    HealthModule,
    ProfilesModule,
    BillingModule,
    FitnessModule,
    TeamsModule,
    CharitiesModule,
    EventsModule,
    PagesModule,
  ],
})
export class AppModule {}
