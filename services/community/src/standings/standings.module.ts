import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { StandingsService } from './standings.service.js';

/** Groups' standings (sums kept by members' versioned snapshots), used by teams, charities and events. */
@Module({
  imports: [RepositoriesModule],
  providers: [StandingsService],
  exports: [StandingsService],
})
export class StandingsModule {}
