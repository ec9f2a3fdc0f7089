import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FitnessProfileEntity } from './fitness-profile.entity.js';
import { FitnessProfilesController } from './fitness-profiles.controller.js';
import { FitnessProfilesRepository } from './fitness-profiles.repository.js';
import { FitnessProfilesService } from './fitness-profiles.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([FitnessProfileEntity])],
  controllers: [FitnessProfilesController],
  providers: [FitnessProfilesRepository, FitnessProfilesService],
})
export class FitnessProfilesModule {}
