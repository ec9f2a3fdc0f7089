import { Module } from '@nestjs/common';
import { RedisModule } from '@runpledge/server-kit/redis';
import { AuthModule } from './auth/auth.module.js';
import { env } from './config/env.js';
import { FitnessModule } from './fitness/fitness.module.js';
import { HealthModule } from './health/health.module.js';
import { NatsModule } from './nats/nats.module.js';
import { ProfilesModule } from './profiles/profiles.module.js';
import { SeoModule } from './seo/seo.module.js';
import { SubscriptionController } from './subscription/subscription.controller.js';
import { StripeWebhookController } from './webhooks/stripe-webhook.controller.js';

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
