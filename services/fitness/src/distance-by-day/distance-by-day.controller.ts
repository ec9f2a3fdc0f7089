import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { FITNESS_DISTANCE, distanceByDayQuerySchema, type DistanceByDayResponse } from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { DistanceByDayService } from './distance-by-day.service.js';

@Controller()
export class DistanceByDayController {
  constructor(private readonly distances: DistanceByDayService) {}

  @RpcHandler(FITNESS_DISTANCE.byDay)
  get(@Payload() payload: unknown): Promise<DistanceByDayResponse> {
    return this.distances.get(distanceByDayQuerySchema.parse(payload));
  }
}
