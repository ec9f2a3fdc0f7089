import { HttpException, Injectable, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { IDENTITY, type SessionUser } from '@runpledge/contracts';
import type { FastifyReply } from 'fastify';
import { IS_PUBLIC } from '../public.decorator.js';
import { NatsRpcClient } from '../../nats/nats-rpc.client.js';
import { ACCESS_TOKEN_STRATEGY } from '../../identity/access-token.strategy.js';
import {
  clearAuthCookies,
  readAccessToken,
  readSessionToken,
  setAccessCookie,
  setSessionCookie,
} from '../../identity/auth-cookies.js';
import type { AuthenticatedRequest } from '../../identity/current-user.decorator.js';
import { PendingSignOuts } from '../../identity/pending-sign-outs.js';
import { RevokedSessions } from '../../identity/revoked-sessions.js';
import { VerifiedTokens } from '../../identity/verified-tokens.js';

/**
 * Global guard: every route needs a signed-in caller unless marked `@Public()`. The access token
 * is verified here alone (passport-jwt; a token verified in the last minute is remembered, see
 * VerifiedTokens); only when it is missing, expired or refused and a session
 * cookie came along does the gateway ask identity once to refresh, setting new cookies. Public
 * routes still learn who the caller is (to tell an owner from a visitor).
 */
@Injectable()
export class AccessTokenGuard extends AuthGuard(ACCESS_TOKEN_STRATEGY) {
  constructor(
    private readonly reflector: Reflector,
    private readonly rpc: NatsRpcClient,
    private readonly revoked: RevokedSessions,
    private readonly signOuts: PendingSignOuts,
  ) {
    super();
  }

  private readonly verified = new VerifiedTokens();

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    let user: SessionUser | undefined;
    const accessToken = readAccessToken(request);
    if (accessToken) {
      const verified = this.verified.get(accessToken);
      if (verified) {
        // Verified a moment ago; only the revocation may have changed since.
        user = this.revoked.has(verified.sessionId ?? '') ? undefined : verified;
      } else {
        await super.canActivate(context);
        user = request.user ?? undefined;
        if (user) this.verified.set(accessToken, user);
      }
    }
    user ??= await this.refresh(request, reply, isPublic);
    request.user = user;
    if (!isPublic && !user) throw new UnauthorizedException('Please sign in to continue.');
    return true;
  }

  /** A refused token is no error here: the caller may still hold a session that refreshes it. */
  override handleRequest<TUser = SessionUser>(_err: unknown, user: TUser | false | null): TUser {
    return (user || undefined) as TUser;
  }

  private async refresh(
    request: AuthenticatedRequest,
    reply: FastifyReply,
    isPublic: boolean,
  ): Promise<SessionUser | undefined> {
    const sessionToken = readSessionToken(request);
    if (!sessionToken) return undefined;
    // Signed out while identity could not confirm it: ended here without asking identity.
    if (this.signOuts.refuses(sessionToken)) {
      clearAuthCookies(request, reply);
      return undefined;
    }
    try {
      const grant = await this.rpc.call(IDENTITY.sessions.refresh, { sessionToken });
      setAccessCookie(request, reply, grant);
      if (grant.sessionToken) setSessionCookie(request, reply, grant.sessionToken, grant.expiresAt);
      return grant.user;
    } catch (err) {
      const ended = err instanceof HttpException && err.getStatus() === 401;
      if (ended) {
        clearAuthCookies(request, reply);
        return undefined;
      }
      // On a public route a visitor is served even when identity cannot vouch for the cookie.
      if (isPublic) return undefined;
      throw err;
    }
  }
}
