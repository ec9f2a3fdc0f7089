import { Module } from '@nestjs/common';
import { RedisModule } from '@runpledge/server-kit/redis';
import { AuthModule } from './identity/identity.module.js';
import { env } from './config/env.js';
import { FitnessModule } from './fitness/fitness.module.js';
import { HealthModule } from './health/health.module.js';
import { NatsModule } from './nats/nats.module.js';
import { ProfilesModule } from './profiles/profiles.module.js';
import { SeoModule } from './pages/pages.module.js';
import { SubscriptionController } from './billing/subscription.controller.js';
import { StripeWebhookController } from './billing/stripe-webhook.controller.js';

@Module({
  imports: [
    NatsModule,
    // Fail fast instead of queueing commands while Redis is away; callers have a fallback.
    RedisModule.forRoot(env.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false }),
    AuthModule,
    HealthModule,
    ProfilesModule,
    FitnessModule,
    SeoModule,
  ],
  controllers: [SubscriptionController, StripeWebhookController],
})
export class AppModule {}
