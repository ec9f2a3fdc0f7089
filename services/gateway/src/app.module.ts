import { Module } from '@nestjs/common';
import { AuthModule } from './auth/auth.module.js';
import { FitnessModule } from './fitness/fitness.module.js';
import { HealthModule } from './health/health.module.js';
import { NatsModule } from './nats/nats.module.js';
import { ProfilesModule } from './profiles/profiles.module.js';
import { RedisModule } from './redis/redis.module.js';
import { SeoModule } from './seo/seo.module.js';
import { SubscriptionController } from './subscription/subscription.controller.js';
import { StripeWebhookController } from './webhooks/stripe-webhook.controller.js';

@Module({
  imports: [NatsModule, RedisModule, AuthModule, HealthModule, ProfilesModule, FitnessModule, SeoModule],
  controllers: [SubscriptionController, StripeWebhookController],
})
export class AppModule {}
