import { Module } from '@nestjs/common';
import { Mailer } from '@runpledge/server-kit';
import { RepositoriesModule } from '../database/repositories.module.js';
import { StandingsModule } from '../standings/standings.module.js';
import { CharitiesController } from './charities.controller.js';
import { CharitiesService } from './charities.service.js';

/** Charities: their rules over RPC; their sums are standings of kind `charity`. */
@Module({
  imports: [RepositoriesModule, StandingsModule],
  controllers: [CharitiesController],
  providers: [CharitiesService, Mailer],
  exports: [CharitiesService],
})
export class CharitiesModule {}
