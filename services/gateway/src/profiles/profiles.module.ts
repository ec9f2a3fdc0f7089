import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { env } from '../config/env.js';
import { ChallengeClaimsController } from './challenge-claims.controller.js';
import { EncouragementController } from './encouragement.controller.js';
import { FundraisingChallengesController } from './fundraising-challenges.controller.js';
import { FundraisingTotalsController } from './fundraising-totals.controller.js';
import { MailSuppressionController } from './mail-suppression.controller.js';
import { PageInsightsController } from './page-insights.controller.js';
import { PledgesController } from './pledges.controller.js';
import { RaceDayController } from './race-day.controller.js';
import { ProfileCacheInvalidations } from './profile-cache-invalidations.js';
import { ProfileViewCache } from './profile-view.cache.js';
import { PublicProfileViews } from './public-profile-views.js';
import { RunnerProfilesController } from './runner-profiles.controller.js';

@Module({
  imports: [IdentityModule],
  controllers: [
    RunnerProfilesController,
    FundraisingChallengesController,
    EncouragementController,
    ChallengeClaimsController,
    FundraisingTotalsController,
    PageInsightsController,
    PledgesController,
    RaceDayController,
    MailSuppressionController,
  ],
  providers: [
    // Pages change rarely and every change is announced: the TTL only bounds a missed announcement.
    {
      provide: ProfileViewCache,
      useValue: new ProfileViewCache({ ttlMs: env.PROFILE_VIEW_CACHE_TTL_MS, maxEntries: 10_000 }),
    },
    ProfileCacheInvalidations,
    PublicProfileViews,
  ],
  exports: [PublicProfileViews, ProfileCacheInvalidations],
})
export class ProfilesModule {}
