import { serviceDataSourceOptions } from '@runpledge/server-kit';
import { ActivityEntity } from '../activities/activity.entity.js';
import { env } from '../config/env.js';
import { FitnessProfileEntity } from '../fitness-profiles/fitness-profile.entity.js';
import { StravaConnectionEntity } from '../strava-connections/strava-connection.entity.js';
import { CreateFitnessProfiles1763800000400 } from './migrations/1763800000400-CreateFitnessProfiles.js';
import { CreateStravaConnectionsAndActivities1763800000410 } from './migrations/1763800000410-CreateStravaConnectionsAndActivities.js';

export const dataSourceOptions = serviceDataSourceOptions({
  schema: 'fitness',
  url: env.DATABASE_URL,
  entities: [FitnessProfileEntity, StravaConnectionEntity, ActivityEntity],
  migrations: [CreateFitnessProfiles1763800000400, CreateStravaConnectionsAndActivities1763800000410],
});
