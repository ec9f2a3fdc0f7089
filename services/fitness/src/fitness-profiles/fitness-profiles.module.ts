import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { FitnessProfilesController } from './fitness-profiles.controller.js';
import { FitnessProfilesService } from './fitness-profiles.service.js';

@Module({
  imports: [RepositoriesModule],
  controllers: [FitnessProfilesController],
  providers: [FitnessProfilesService],
})
export class FitnessProfilesModule {}
