import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { AccessLapseProcessor } from './access-lapse.processor.js';
import { AccessLapseService } from './access-lapse.service.js';
import { OwnerAccessModule } from './owner-access.module.js';

/** The worker side of owner access: the scheduled sweep of past-due graces that ran out. */
@Module({
  imports: [RepositoriesModule, OwnerAccessModule],
  providers: [AccessLapseService, AccessLapseProcessor],
})
export class OwnerAccessWorkerModule {}
