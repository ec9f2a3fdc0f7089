import { BadRequestException, Controller, HttpCode, PayloadTooLargeException, Post, Req, Res } from '@nestjs/common';
import {
  ACTIVITY_FILE_LIMITS,
  ACTIVITY_FILE_MESSAGES,
  FITNESS,
  type Activity,
  type SessionUser,
} from '@runpledge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FileUploadRoute } from '../common/file-upload-route.decorator.js';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { RateLimitService } from '../identity/rate-limit.service.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { ActivityFileReader } from './activity-files/activity-file-reader.js';

/**
 * `POST /api/activities/upload`: a GPX, TCX or FIT file of the caller's run. The file is read here,
 * on a reading thread; only its summary goes to fitness (NATS carries small messages), which stores
 * it unless the run is already on the page. The track itself is neither stored nor shown.
 */
@Controller('activities')
export class ActivityUploadsController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly reader: ActivityFileReader,
    private readonly rateLimits: RateLimitService,
  ) {}

  @Post('upload')
  @FileUploadRoute()
  @HttpCode(201)
  async upload(
    @CurrentUser() user: SessionUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Activity> {
    await this.rateLimits.consume('activityUploadUser', user.id, reply, 'uploads');
    const { bytes, fileName } = await receiveFile(request);
    const summary = await this.reader.read(bytes, fileName);
    return this.rpc.call(FITNESS.activities.storeUpload, { ...summary, userId: user.id });
  }
}

/** The `file` part of the multipart body, up to the size limit (413 past it). */
async function receiveFile(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new BadRequestException(ACTIVITY_FILE_MESSAGES.noFile);
  const part = await request.file({
    limits: { fileSize: ACTIVITY_FILE_LIMITS.maxBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  if (!part || part.fieldname !== 'file') throw new BadRequestException(ACTIVITY_FILE_MESSAGES.noFile);
  try {
    return { bytes: await part.toBuffer(), fileName: part.filename };
  } catch (err) {
    if (err instanceof request.server.multipartErrors.RequestFileTooLargeError)
      throw new PayloadTooLargeException(ACTIVITY_FILE_MESSAGES.tooLarge);
    throw err;
  }
}
