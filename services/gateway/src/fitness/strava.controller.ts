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
import { BrowserNavigation } from '../common/browser-navigation.js';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { secure } from '../identity/auth-cookies.js';
import { Public } from '../common/public.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { assertOwnUserId } from './own-user-id.js';

/** The sync waits for its job up to this deadline in the service; the RPC gets a little more. */
const SYNC_RPC_TIMEOUT_MS = FITNESS_LIMITS.syncWaitMs + 5_000;

/** Where a Strava connection that could not be started or finished lands: the landing page's notice (spec 4). */
const STRAVA_RETURN = { page: '/', param: 'strava_error' };
/** An `error` Strava sends back is passed on only as a plain code; anything else as a generic failure. */
const STRAVA_ERROR_CODE = /^[a-z0-9_]{1,64}$/;

@Controller('strava')
export class StravaController {
  constructor(private readonly rpc: NatsRpcClient) {}

  /**
   * Browser navigation from the fitness page: to Strava's authorize page with a signed state. The
   * browser gets a random nonce in a short-lived httpOnly cookie sent only to the callback; the state
   * carries its hash, so only this browser can finish what it started. A failure (no session, a bad
   * slug, fitness away) lands on the landing page's notice.
   */
  @BrowserNavigation(STRAVA_RETURN)
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
   * (nonce cookie) that started the flow finish it, once. Tokens never reach the URL. Every outcome is
   * a 302 to a page: the runner's fitness page when connected; else the landing page with a
   * `strava_error` code (Strava's own error, or NAVIGATION_FAILURES: a malformed, forged or expired
   * return, fitness down or slow, a failed save).
   */
  @Public()
  @BrowserNavigation(STRAVA_RETURN)
  @Get('callback')
  async callback(
    @Query() query: unknown,
    @CurrentUser() user: SessionUser | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const nonce = request.cookies[STRAVA_OAUTH_COOKIE.name];
    // The nonce is spent whatever the outcome.
    void reply.clearCookie(STRAVA_OAUTH_COOKIE.name, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secure(request),
      path: STRAVA_OAUTH_COOKIE.path,
    });
    const params = parseOrThrow(stravaCallbackQuerySchema, query);
    if (params.error !== undefined) {
      // Strava's own refusal (the athlete pressed Cancel): nothing to ask fitness, even when it is away.
      const code = STRAVA_ERROR_CODE.test(params.error) ? params.error : 'authorization_failed';
      void reply.redirect(`${STRAVA_RETURN.page}?${new URLSearchParams({ [STRAVA_RETURN.param]: code })}`, 302);
      return;
    }
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
