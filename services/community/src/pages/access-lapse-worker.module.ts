import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { StandingsModule } from '../standings/standings.module.js';
import { AccessLapseProcessor } from './access-lapse.processor.js';
import { AccessLapseService } from './access-lapse.service.js';

/** The worker's pass that takes owners whose past-due grace ran out out of their groups' standings. */
@Module({
  imports: [RepositoriesModule, StandingsModule],
  providers: [AccessLapseService, AccessLapseProcessor],
  exports: [AccessLapseService],
})
export class AccessLapseWorkerModule {}
