import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountDataRepository } from '../account-data/account-data.repository.js';
import { DistanceRecorder } from '../distance/distance.recorder.js';
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
  AccountDataRepository,
  DistanceRecorder,
];

/**
 * The service's tables, one repository each (entity and repository live in their feature's folder).
 * Every feature module that reads a table imports this module; features never import each other
 * for data. The same in all four services (docs/architecture.md).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([ActivityEntity, FitnessProfileEntity, StravaConnectionEntity, WebhookSubscriptionEntity]),
  ],
  providers: repositories,
  exports: repositories,
})
export class RepositoriesModule {}
