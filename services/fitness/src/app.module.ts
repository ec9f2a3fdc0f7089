import { Module } from '@nestjs/common';
import { ServiceCoreModule } from '@runpledge/server-kit';
import { dataSourceOptions } from './database/data-source.js';
import { FitnessProfilesModule } from './fitness-profiles/fitness-profiles.module.js';

@Module({
  imports: [ServiceCoreModule.forService({ service: 'fitness', dataSource: dataSourceOptions }), FitnessProfilesModule],
})
export class AppModule {}
