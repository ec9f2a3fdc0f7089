import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { FITNESS, storeUploadRequestSchema } from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { ActivityUploadsService } from './activity-uploads.service.js';

@Controller()
export class ActivityUploadsController {
  constructor(private readonly uploads: ActivityUploadsService) {}

  @RpcHandler(FITNESS.activities.storeUpload)
  store(@Payload() payload: unknown) {
    const { userId, ...summary } = storeUploadRequestSchema.parse(payload);
    return this.uploads.store(userId, summary);
  }
}
