import { Body, Controller, Get, HttpCode, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import {
  cancelEmailChangeRequestSchema,
  changePasswordRequestSchema,
  IDENTITY,
  changeEmailRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
  verifyEmailRequestSchema,
  type SessionGrant,
  type SessionUser,
  type User,
} from '@runpledge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../common/public.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { CurrentUser } from './current-user.decorator.js';
import { PendingSignOuts } from './pending-sign-outs.js';
import { RateLimitService } from './rate-limit.service.js';
import { clearAuthCookies, readSessionToken, setAccessCookie, setSessionCookie } from './auth-cookies.js';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly rateLimits: RateLimitService,
    private readonly signOuts: PendingSignOuts,
  ) {}

  @Public()
  @Post('signup')
  @HttpCode(201)
  async signUp(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ user: User }> {
    await this.rateLimits.consume('signupIp', request.ip, reply);
    const credentials = parseOrThrow(signUpRequestSchema, body);
    await this.rateLimits.consume('signupEmail', credentials.email, reply);
    const grant = await this.rpc.call(IDENTITY.auth.signUp, credentials);
    setGrantCookies(request, reply, grant);
    return { user: grant.user };
  }

  @Public()
  @Post('signin')
  @HttpCode(200)
  async signIn(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ user: User }> {
    await this.rateLimits.consume('signinIp', request.ip, reply);
    const credentials = parseOrThrow(signInRequestSchema, body);
    await this.rateLimits.consume('signinEmail', credentials.email, reply);
    const grant = await this.rpc.call(IDENTITY.auth.signIn, credentials);
    setGrantCookies(request, reply, grant);
    return { user: grant.user };
  }

  /**
   * Never fails open: the cookies are cleared and the session refused by the gateway whatever identity
   * answers; a revocation identity could not confirm in time is retried until it does (PendingSignOuts).
   * Fine when already signed out.
   */
  @Public()
  @Post('signout')
  @HttpCode(200)
  async signOut(
    @CurrentUser() caller: SessionUser | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ success: true }> {
    clearAuthCookies(request, reply);
    await this.signOuts.signOut(readSessionToken(request), caller?.sessionId);
    return { success: true };
  }

  /** Revokes every session of the caller, this one too; every gateway refuses their access tokens at once. */
  @Post('signout-everywhere')
  @HttpCode(200)
  async signOutEverywhere(
    @CurrentUser() caller: SessionUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ success: true }> {
    await this.rpc.call(IDENTITY.auth.signOutEverywhere, { userId: caller.id, sessionId: sessionIdOf(caller) });
    clearAuthCookies(request, reply);
    return { success: true };
  }

  /** Keeps the caller's own session; every other one is revoked. */
  @Post('change-password')
  @HttpCode(200)
  async changePassword(
    @CurrentUser() caller: SessionUser,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ success: true }> {
    await this.rateLimits.consume('passwordCheckUser', caller.id, reply);
    const passwords = parseOrThrow(changePasswordRequestSchema, body);
    await this.rpc.call(IDENTITY.auth.changePassword, {
      ...passwords,
      userId: caller.id,
      sessionId: sessionIdOf(caller),
    });
    return { success: true };
  }

  @Get('me')
  async me(@CurrentUser() caller: SessionUser): Promise<{ user: User }> {
    return { user: await this.rpc.call(IDENTITY.users.get, { id: caller.id }) };
  }

  @Public()
  @Post('verify')
  @HttpCode(200)
  async verify(@Body() body: unknown): Promise<{ success: true; user: User }> {
    const request = parseOrThrow(verifyEmailRequestSchema, body);
    const user = await this.rpc.call(IDENTITY.auth.verifyEmail, request);
    return { success: true, user };
  }

  /** Same answer whether or not the address has an account; throttled per IP and per address. */
  @Public()
  @Post('password-reset')
  @HttpCode(200)
  async requestPasswordReset(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ success: true }> {
    await this.rateLimits.consume('accountIp', request.ip, reply);
    const { email } = parseOrThrow(passwordResetRequestSchema, body);
    await this.rateLimits.consume('passwordResetEmail', email, reply);
    await this.rpc.call(IDENTITY.auth.requestPasswordReset, { email });
    return { success: true };
  }

  /** Sets the new password; every session of the user ends, this browser's included. */
  @Public()
  @Post('password-reset/confirm')
  @HttpCode(200)
  async confirmPasswordReset(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ success: true }> {
    await this.rateLimits.consume('accountIp', request.ip, reply);
    const reset = parseOrThrow(passwordResetConfirmSchema, body);
    await this.rpc.call(IDENTITY.auth.confirmPasswordReset, reset);
    clearAuthCookies(request, reply);
    return { success: true };
  }

  @Post('change-email')
  @HttpCode(200)
  async changeEmail(
    @Body() body: unknown,
    @CurrentUser() caller: SessionUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ success: true }> {
    await this.rateLimits.consumeAccount(caller.id, request.ip, reply);
    const change = parseOrThrow(changeEmailRequestSchema, body);
    await this.rpc.call(IDENTITY.auth.changeEmail, { ...change, userId: caller.id });
    return { success: true };
  }

  /** The "this wasn't me" link mailed to the current address: cancels the change, signs out everywhere. */
  @Public()
  @Post('change-email/cancel')
  @HttpCode(200)
  async cancelEmailChange(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ success: true }> {
    await this.rateLimits.consume('accountIp', request.ip, reply);
    const cancel = parseOrThrow(cancelEmailChangeRequestSchema, body);
    await this.rpc.call(IDENTITY.auth.cancelEmailChange, cancel);
    clearAuthCookies(request, reply);
    return { success: true };
  }
}

function setGrantCookies(request: FastifyRequest, reply: FastifyReply, grant: SessionGrant): void {
  setSessionCookie(request, reply, grant.sessionToken, grant.expiresAt);
  setAccessCookie(request, reply, grant);
}

/** The caller's session (every signed-in caller has one; the typed contract makes the gap visible). */
function sessionIdOf(caller: SessionUser): string {
  if (!caller.sessionId) throw new UnauthorizedException('Please sign in to continue.');
  return caller.sessionId;
}
