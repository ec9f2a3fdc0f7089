import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { ProfilesModule } from '../profiles/profiles.module.js';
import { ActivitiesController } from './activities.controller.js';
import { ActivityFileReader } from './activity-files/activity-file-reader.js';
import { UploadBytesInFlight } from './activity-files/upload-bytes-in-flight.js';
import { ActivityUploadsController } from './activity-uploads.controller.js';
import { FitnessProfileController } from './fitness-profile.controller.js';
import { PublicPages } from './public-pages.js';
import { StravaSetupController } from './strava-setup.controller.js';
import { StravaWebhookController } from './strava-webhook.controller.js';
import { StravaController } from './strava.controller.js';
import { TrainingStatsController } from './training-stats.controller.js';

/** The Fitness calls of API.md, forwarded to the fitness service. */
@Module({
  // ProfilesModule: its change announcements keep PublicPages' published-pages cache fresh.
  imports: [IdentityModule, ProfilesModule],
  controllers: [
    FitnessProfileController,
    StravaController,
    StravaSetupController,
    ActivitiesController,
    ActivityUploadsController,
    TrainingStatsController,
    StravaWebhookController,
  ],
  providers: [PublicPages, ActivityFileReader, UploadBytesInFlight],
})
export class FitnessModule {}
