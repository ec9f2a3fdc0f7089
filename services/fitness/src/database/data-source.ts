import { serviceDataSourceOptions } from '@runpledge/server-kit';
import { ActivityEntity } from '../activities/activity.entity.js';
import { env } from '../config/env.js';
import { FitnessProfileEntity } from '../fitness-profiles/fitness-profile.entity.js';
import { StravaConnectionEntity } from '../strava-connections/strava-connection.entity.js';
import { CreateFitnessProfiles1763800000400 } from './migrations/1763800000400-CreateFitnessProfiles.js';
import { CreateStravaConnectionsAndActivities1763800000410 } from './migrations/1763800000410-CreateStravaConnectionsAndActivities.js';
import { CreateStravaWebhookSubscriptions1795553271981 } from './migrations/1795553271981-CreateStravaWebhookSubscriptions.js';
import { AddActivityVisibleToAll1795553885134 } from './migrations/1795553885134-AddActivityVisibleToAll.js';
import { CreateDeletedAccounts1796000000400 } from './migrations/1796000000400-CreateDeletedAccounts.js';
import { AddActivityElapsedTime1795898201969 } from './migrations/1795898201969-AddActivityElapsedTime.js';
import { CreateRunnerDistanceVersions1797000000500 } from './migrations/1797000000500-CreateRunnerDistanceVersions.js';
import { ReplayDistances1799000000400 } from './migrations/1799000000400-ReplayDistances.js';
import { AllowUploadedActivities1796029000400 } from './migrations/1796029000400-AllowUploadedActivities.js';
import { WebhookSubscriptionEntity } from '../webhook-subscription/webhook-subscription.entity.js';

export const dataSourceOptions = serviceDataSourceOptions({
  schema: 'fitness',
  url: env.DATABASE_URL,
  entities: [FitnessProfileEntity, StravaConnectionEntity, ActivityEntity, WebhookSubscriptionEntity],
  migrations: [
    CreateFitnessProfiles1763800000400,
    CreateStravaConnectionsAndActivities1763800000410,
    CreateStravaWebhookSubscriptions1795553271981,
    AddActivityVisibleToAll1795553885134,
    CreateDeletedAccounts1796000000400,
    CreateRunnerDistanceVersions1797000000500,
    AllowUploadedActivities1796029000400,
    AddActivityElapsedTime1795898201969,
    ReplayDistances1799000000400,
  ],
});
