import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import {
  FITNESS,
  FITNESS_LIMITS,
  STRAVA_OAUTH_COOKIE,
  stravaAuthorizeRequestSchema,
  stravaCallbackQuerySchema,
  type SessionUser,
  type StravaSyncReply,
} from '@runpledge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { secure } from '../identity/auth-cookies.js';
import { Public } from '../common/public.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { assertOwnUserId } from './own-user-id.js';

/** The sync waits for its job up to this deadline in the service; the RPC gets a little more. */
const SYNC_RPC_TIMEOUT_MS = FITNESS_LIMITS.syncWaitMs + 5_000;

@Controller('strava')
export class StravaController {
  constructor(private readonly rpc: NatsRpcClient) {}

  /**
   * Browser navigation from the fitness page: to Strava's authorize page with a signed state. The
   * browser gets a random nonce in a short-lived httpOnly cookie sent only to the callback; the state
   * carries its hash, so only this browser can finish what it started.
   */
  @Get('auth')
  async authorize(
    @CurrentUser() user: SessionUser,
    @Query('profileSlug') profileSlug: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const nonce = randomBytes(32).toString('base64url');
    const { url } = await this.rpc.call(FITNESS.strava.authorizeUrl, {
      userId: user.id,
      profileSlug: parseOrThrow(stravaAuthorizeRequestSchema.shape.profileSlug, profileSlug),
      nonce,
    });
    void reply.setCookie(STRAVA_OAUTH_COOKIE.name, nonce, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secure(request),
      path: STRAVA_OAUTH_COOKIE.path,
      maxAge: STRAVA_OAUTH_COOKIE.maxAgeSeconds,
    });
    void reply.redirect(url, 302);
  }

  /**
   * Strava's redirect back. Fitness stores the tokens only when the signed-in user and the browser
   * (nonce cookie) that started the flow finish it, once. Tokens never reach the URL.
   */
  @Public()
  @Get('callback')
  async callback(
    @Query() query: unknown,
    @CurrentUser() user: SessionUser | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const params = parseOrThrow(stravaCallbackQuerySchema, query);
    const nonce = request.cookies[STRAVA_OAUTH_COOKIE.name];
    // The nonce is spent whatever the outcome.
    void reply.clearCookie(STRAVA_OAUTH_COOKIE.name, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secure(request),
      path: STRAVA_OAUTH_COOKIE.path,
    });
    const { redirectTo } = await this.rpc.call(FITNESS.strava.completeAuthorization, {
      ...params,
      userId: user?.id,
      nonce,
    });
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
    const result = await this.rpc.call(FITNESS.strava.sync, { userId: user.id }, SYNC_RPC_TIMEOUT_MS);
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
    return this.rpc.call(FITNESS.strava.disconnect, { userId: user.id });
  }
}
