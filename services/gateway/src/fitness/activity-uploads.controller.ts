import {
  BadRequestException,
  Controller,
  HttpCode,
  PayloadTooLargeException,
  Post,
  Req,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  ACTIVITY_FILE_LIMITS,
  ACTIVITY_FILE_MESSAGES,
  FITNESS,
  type ActivityUploadResponse,
  type SessionUser,
} from '@runpledge/contracts';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FileUploadRoute } from '../common/file-upload-route.decorator.js';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { RateLimitService } from '../identity/rate-limit.service.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { ActivityFileReader } from './activity-files/activity-file-reader.js';
import { UploadBytesInFlight } from './activity-files/upload-bytes-in-flight.js';

/** The largest body an upload may have: the file and its multipart framing. */
const BODY_MAX = ACTIVITY_FILE_LIMITS.maxBytes + ACTIVITY_FILE_LIMITS.multipartOverheadBytes;
const MULTIPART_LIMITS = { fileSize: ACTIVITY_FILE_LIMITS.maxBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024 };

/**
 * `POST /api/activities/upload`: a GPX, TCX or FIT file of the caller's run. Its bytes in flight are
 * reserved first (per runner and in all; 503 with Retry-After before the body is read when either is
 * full); the file is streamed to a reading thread, which keeps only its summary; fitness stores that
 * unless the run is already on the page. The track itself is neither stored nor shown.
 */
@Controller('activities')
export class ActivityUploadsController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly reader: ActivityFileReader,
    private readonly rateLimits: RateLimitService,
    private readonly inFlight: UploadBytesInFlight,
  ) {}

  @Post('upload')
  @FileUploadRoute()
  @HttpCode(201)
  async upload(
    @CurrentUser() user: SessionUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ActivityUploadResponse> {
    await this.rateLimits.consume('activityUploadUser', user.id, reply, 'uploads');
    if (!request.isMultipart()) throw new BadRequestException(ACTIVITY_FILE_MESSAGES.noFile);
    const declared = declaredLength(request);
    if (declared !== undefined && declared > BODY_MAX)
      throw new PayloadTooLargeException(ACTIVITY_FILE_MESSAGES.tooLarge);
    // A body of unknown length (chunked) may be as long as the largest.
    const reservation = this.inFlight.reserve(user.id, declared ?? BODY_MAX);
    if ('refused' in reservation) {
      // Its body is read and thrown away as it comes (never held): the client, still sending, gets to
      // read the 503 instead of a connection closed under it.
      request.raw.resume();
      throw new ServiceUnavailableException(
        reservation.refused === 'runner'
          ? ACTIVITY_FILE_MESSAGES.ownUploadsInFlight
          : ACTIVITY_FILE_MESSAGES.uploadsInFlight,
      );
    }
    try {
      const part = await request.file({ limits: MULTIPART_LIMITS });
      if (!part || part.fieldname !== 'file') throw new BadRequestException(ACTIVITY_FILE_MESSAGES.noFile);
      const summary = await this.reader.read(chunksOf(part), part.filename, { sizeHint: declared });
      const activity = await this.rpc.call(FITNESS.activities.storeUpload, { ...summary, userId: user.id });
      return { activity };
    } finally {
      reservation.release();
    }
  }
}

function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  const length = header === undefined ? NaN : Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/** The file part's chunks as they arrive; 413 once it passes 10 MB (busboy cuts it there). */
async function* chunksOf(part: MultipartFile): AsyncGenerator<Uint8Array> {
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    if (part.file.truncated) throw new PayloadTooLargeException(ACTIVITY_FILE_MESSAGES.tooLarge);
    yield chunk;
  }
  if (part.file.truncated) throw new PayloadTooLargeException(ACTIVITY_FILE_MESSAGES.tooLarge);
}
