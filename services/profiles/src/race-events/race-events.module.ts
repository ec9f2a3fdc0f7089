import { Module } from '@nestjs/common';
import { RaceEventsClient } from './race-events.client.js';

/** The events directory as profiles asks it (community answers). */
@Module({
  providers: [RaceEventsClient],
  exports: [RaceEventsClient],
})
export class RaceEventsModule {}
