import { Module } from '@nestjs/common';
import { ServiceCoreModule } from '@runpledge/server-kit';
import { dataSourceOptions } from './database/data-source.js';
import { EventsModule } from './events/events.module.js';
import { PageProjectionModule } from './pages/page-projection.module.js';

/** Groups of runners' pages (teams; charities and events to come) and their standings. */
@Module({
  imports: [
    ServiceCoreModule.forService({ service: 'community', dataSource: dataSourceOptions }),
    PageProjectionModule,
    EventsModule,
  ],
})
export class AppModule {}
