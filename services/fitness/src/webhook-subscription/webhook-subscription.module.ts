import { Module } from '@nestjs/common';
import { WebhookSubscriptionService } from './webhook-subscription.service.js';

@Module({ providers: [WebhookSubscriptionService], exports: [WebhookSubscriptionService] })
export class WebhookSubscriptionModule {}
