import {
  HttpException,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { IDENTITY, type SessionUser } from '@runpledge/contracts';
import { IS_PUBLIC } from '../common/public.decorator.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import type { AuthenticatedRequest } from './current-user.decorator.js';
import { readSessionToken } from './session-cookie.js';

/**
 * Global guard: every route needs a live session unless marked `@Public()`. Public routes still learn
 * who the caller is when a valid cookie comes along (to tell an owner from a visitor).
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly rpc: NatsRpcClient,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const sessionToken = readSessionToken(request);
    if (sessionToken) {
      try {
        request.user = await this.rpc.send<SessionUser>(IDENTITY.sessions.validate, { sessionToken });
      } catch (err) {
        // On a public route a visitor is served even when identity cannot vouch for the cookie.
        const expired = err instanceof HttpException && err.getStatus() === 401;
        if (!isPublic && !expired) throw err;
      }
    }
    if (!isPublic && !request.user) throw new UnauthorizedException('Please sign in to continue.');
    return true;
  }
}
