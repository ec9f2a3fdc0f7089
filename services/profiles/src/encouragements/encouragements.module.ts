import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { EncouragementsController } from './encouragements.controller.js';
import { EncouragementsService } from './encouragements.service.js';

@Module({
  imports: [RepositoriesModule],
  controllers: [EncouragementsController],
  providers: [EncouragementsService],
})
export class EncouragementsModule {}
