import { Module } from '@nestjs/common';
import { ServiceCoreModule } from '@runpledge/server-kit';
import { dataSourceOptions } from './database/data-source.js';

/** Groups of runners' pages (teams; charities and events to come) and their standings. */
@Module({
  imports: [ServiceCoreModule.forService({ service: 'community', dataSource: dataSourceOptions })],
})
export class AppModule {}
