import { Module } from '@nestjs/common';
import { ProfileCacheModule } from '../profile-cache/profile-cache.module.js';
import { RaceEventChangesService } from './race-event-changes.service.js';
import { RaceEventsClient } from './race-events.client.js';

/** The events directory as profiles asks it (community answers), and pages following their event's changes. */
@Module({
  imports: [ProfileCacheModule],
  providers: [RaceEventsClient, RaceEventChangesService],
  exports: [RaceEventsClient],
})
export class RaceEventsModule {}
