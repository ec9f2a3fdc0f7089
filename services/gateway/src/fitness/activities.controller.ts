import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Put,
  Query,
  UnauthorizedException,
} from '@nestjs/common';
import {
  activitiesQuerySchema,
  FITNESS,
  manualActivityInputSchema,
  RUNNER_PROFILE_NOT_FOUND,
  type Activity,
  type SessionUser,
} from '@runpledge/contracts';
import { z } from 'zod';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { Public } from '../common/public.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { Idempotent } from '../common/idempotency.js';
import { PublicPages } from './public-pages.js';

const activityIdSchema = z.uuid('Activity not found');

@Controller('activities')
export class ActivitiesController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly pages: PublicPages,
  ) {}

  /**
   * A runner's activities for their page (404 unless it is published, but to its owner), named by
   * page (`profileId`, what the public page knows) or by runner; neither means the caller's own.
   */
  @Public()
  @Get()
  async list(@CurrentUser() user: SessionUser | undefined, @Query() query: unknown): Promise<Activity[]> {
    const { profileId, userId, ...rest } = parseOrThrow(activitiesQuerySchema, query);
    let ownerId = userId ?? user?.id;
    if (profileId !== undefined) {
      const page = await this.pages.assertVisible({ profileId, viewerUserId: user?.id });
      if (userId !== undefined && userId !== page.userId) throw new NotFoundException(RUNNER_PROFILE_NOT_FOUND);
      ownerId = page.userId;
    } else if (!ownerId) {
      throw new UnauthorizedException('Please sign in to continue.');
    } else if (ownerId !== user?.id) {
      await this.pages.assertVisible({ userId: ownerId, viewerUserId: user?.id });
    }
    return this.rpc.call(FITNESS.activities.list, { ...rest, userId: ownerId, viewerUserId: user?.id });
  }

  /** A run entered by hand. */
  @Post()
  @Idempotent()
  @HttpCode(201)
  create(@CurrentUser() user: SessionUser, @Body() body: unknown): Promise<Activity> {
    const input = parseOrThrow(manualActivityInputSchema, body);
    return this.rpc.call(FITNESS.activities.create, { ...input, userId: user.id });
  }

  /** The caller's own run entered by hand (404 otherwise); the stats are computed from what is stored. */
  @Put(':id')
  update(@CurrentUser() user: SessionUser, @Param('id') id: string, @Body() body: unknown): Promise<Activity> {
    const activityId = parseOrThrow(activityIdSchema, id);
    const input = parseOrThrow(manualActivityInputSchema, body);
    return this.rpc.call(FITNESS.activities.update, { ...input, activityId, userId: user.id });
  }

  @Delete(':id')
  delete(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<{ success: true }> {
    const activityId = parseOrThrow(activityIdSchema, id);
    return this.rpc.call(FITNESS.activities.delete, { userId: user.id, activityId });
  }
}
