import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { FITNESS, trainingStatsRequestSchema } from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { TrainingStatsService } from './training-stats.service.js';

@Controller()
export class TrainingStatsController {
  constructor(private readonly stats: TrainingStatsService) {}

  @RpcHandler(FITNESS.trainingStats.get)
  get(@Payload() payload: unknown) {
    return this.stats.get(trainingStatsRequestSchema.parse(payload));
  }
}
