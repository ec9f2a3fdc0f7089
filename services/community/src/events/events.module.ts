import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { StandingsModule } from '../standings/standings.module.js';
import { EventsController } from './events.controller.js';
import { EventsService } from './events.service.js';

/** The events directory and event pages (API.md "Events and race day"). */
@Module({
  imports: [RepositoriesModule, StandingsModule],
  controllers: [EventsController],
  providers: [EventsService],
  exports: [EventsService],
})
export class EventsModule {}
