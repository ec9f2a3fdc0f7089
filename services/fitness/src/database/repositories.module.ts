import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivitiesRepository } from '../activities/activities.repository.js';
import { ActivityEntity } from '../activities/activity.entity.js';
import { FitnessProfileEntity } from '../fitness-profiles/fitness-profile.entity.js';
import { FitnessProfilesRepository } from '../fitness-profiles/fitness-profiles.repository.js';
import { StravaConnectionEntity } from '../strava-connections/strava-connection.entity.js';
import { StravaConnectionsRepository } from '../strava-connections/strava-connections.repository.js';
import { WebhookSubscriptionEntity } from '../webhook-subscription/webhook-subscription.entity.js';
import { WebhookSubscriptionRepository } from '../webhook-subscription/webhook-subscription.repository.js';

const repositories = [
  ActivitiesRepository,
  FitnessProfilesRepository,
  StravaConnectionsRepository,
  WebhookSubscriptionRepository,
];

/** The service's tables, one repository each; feature modules share them instead of importing each other. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([ActivityEntity, FitnessProfileEntity, StravaConnectionEntity, WebhookSubscriptionEntity]),
  ],
  providers: repositories,
  exports: repositories,
})
export class RepositoriesModule {}
