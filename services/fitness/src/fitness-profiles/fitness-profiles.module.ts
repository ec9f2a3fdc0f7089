import { Module } from '@nestjs/common';
import { FitnessProfilesController } from './fitness-profiles.controller.js';
import { FitnessProfilesService } from './fitness-profiles.service.js';

@Module({ controllers: [FitnessProfilesController], providers: [FitnessProfilesService] })
export class FitnessProfilesModule {}
