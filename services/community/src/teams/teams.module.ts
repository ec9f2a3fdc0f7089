import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { StandingsModule } from '../standings/standings.module.js';
import { TeamImportService } from './team-import.service.js';
import { TeamMailQueue } from './team-mail.queue.js';
import { TeamsController } from './teams.controller.js';
import { TeamsService } from './teams.service.js';

/** Charity teams of pages: their rules over RPC (`community.teams.*`); their sums are their standings. */
@Module({
  imports: [RepositoriesModule, StandingsModule],
  controllers: [TeamsController],
  providers: [TeamsService, TeamMailQueue, TeamImportService],
  exports: [TeamsService],
})
export class TeamsModule {}
