import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  createActivityRequestSchema,
  deleteActivityRequestSchema,
  updateActivityRequestSchema,
  FITNESS,
  listActivitiesRequestSchema,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { ActivitiesService } from './activities.service.js';

@Controller()
export class ActivitiesController {
  constructor(private readonly activities: ActivitiesService) {}

  @RpcHandler(FITNESS.activities.list)
  list(@Payload() payload: unknown) {
    return this.activities.list(listActivitiesRequestSchema.parse(payload));
  }

  @RpcHandler(FITNESS.activities.create)
  create(@Payload() payload: unknown) {
    const { userId, ...input } = createActivityRequestSchema.parse(payload);
    return this.activities.createManual(userId, input);
  }

  @RpcHandler(FITNESS.activities.update)
  update(@Payload() payload: unknown) {
    const { userId, activityId, ...input } = updateActivityRequestSchema.parse(payload);
    return this.activities.updateManual(userId, activityId, input);
  }

  @RpcHandler(FITNESS.activities.delete)
  delete(@Payload() payload: unknown) {
    const { userId, activityId } = deleteActivityRequestSchema.parse(payload);
    return this.activities.deleteManual(userId, activityId);
  }
}
