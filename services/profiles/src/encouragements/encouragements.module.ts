import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RunnerProfilesModule } from '../runner-profiles/runner-profiles.module.js';
import { EncouragementEntity } from './encouragement.entity.js';
import { EncouragementsController } from './encouragements.controller.js';
import { EncouragementsRepository } from './encouragements.repository.js';
import { EncouragementsService } from './encouragements.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([EncouragementEntity]), RunnerProfilesModule],
  controllers: [EncouragementsController],
  providers: [EncouragementsRepository, EncouragementsService],
})
export class EncouragementsModule {}
