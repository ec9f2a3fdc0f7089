import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import {
  FITNESS,
  FITNESS_LIMITS,
  stravaCallbackQuerySchema,
  type SessionUser,
  type StravaSyncReply,
} from '@runpledge/contracts';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Public } from '../common/public.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { assertOwnUserId } from './own-user-id.js';

/** The sync waits for its job up to this deadline in the service; the RPC gets a little more. */
const SYNC_RPC_TIMEOUT_MS = FITNESS_LIMITS.syncWaitMs + 5_000;

@Controller('strava')
export class StravaController {
  constructor(private readonly rpc: NatsRpcClient) {}

  /** Browser navigation from the fitness page: to Strava's authorize page with a signed state. */
  @Get('auth')
  async authorize(
    @CurrentUser() user: SessionUser,
    @Query('profileSlug') profileSlug: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { url } = await this.rpc.send<{ url: string }>(FITNESS.strava.authorizeUrl, { userId: user.id, profileSlug });
    void reply.redirect(url, 302);
  }

  /** Strava's redirect back; the signed state names the user, so no session is needed. Tokens never reach the URL. */
  @Public()
  @Get('callback')
  async callback(@Query() query: unknown, @Res() reply: FastifyReply): Promise<void> {
    const params = parseOrThrow(stravaCallbackQuerySchema, query);
    const { redirectTo } = await this.rpc.send<{ redirectTo: string }>(FITNESS.strava.completeAuthorization, params);
    void reply.redirect(redirectTo, 302);
  }

  @Post('sync')
  @HttpCode(200)
  async sync(
    @CurrentUser() user: SessionUser,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StravaSyncReply & { statusCode?: number; message?: string }> {
    assertOwnUserId(user, body);
    const result = await this.rpc.send<StravaSyncReply>(FITNESS.strava.sync, { userId: user.id }, SYNC_RPC_TIMEOUT_MS);
    if ('needsReconnect' in result) {
      void reply.status(409);
      return { statusCode: 409, ...result, message: result.error };
    }
    return result;
  }

  /** Disconnects the caller, whatever userId the body names (spec 7 sends a placeholder). */
  @Post('disconnect')
  @HttpCode(200)
  disconnect(@CurrentUser() user: SessionUser): Promise<{ success: true }> {
    return this.rpc.send(FITNESS.strava.disconnect, { userId: user.id });
  }
}
