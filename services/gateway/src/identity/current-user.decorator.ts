import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { SessionUser } from '@runpledge/contracts';
import type { FastifyRequest } from 'fastify';

/** The request as the session guard leaves it: `user` set when a valid session cookie came along. */
export type AuthenticatedRequest = FastifyRequest & { user?: SessionUser };

/**
 * The signed-in caller. On a guarded route it is always set; on a `@Public()` route it is the
 * caller when signed in, else undefined (e.g. to tell a page's owner from a visitor).
 */
export const CurrentUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): SessionUser | undefined =>
    ctx.switchToHttp().getRequest<AuthenticatedRequest>().user,
);
