import { Module } from '@nestjs/common';
import { RedisModule, ServiceCoreModule } from '@runpledge/server-kit';
import { env } from './config/env.js';
import { dataSourceOptions } from './database/data-source.js';
import { AccessLapseWorkerModule } from './pages/access-lapse-worker.module.js';
import { TeamMailWorkerModule } from './teams/team-mail-worker.module.js';

/** The BullMQ workers' process of community: its scheduled passes, apart from the request handlers. */
@Module({
  imports: [
    ServiceCoreModule.forService({ service: 'community', dataSource: dataSourceOptions }),
    RedisModule.forRoot(env.REDIS_URL, { maxRetriesPerRequest: 3 }),
    AccessLapseWorkerModule,
    TeamMailWorkerModule,
  ],
})
export class WorkerModule {}
