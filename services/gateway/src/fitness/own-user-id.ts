import { ForbiddenException } from '@nestjs/common';
import type { SessionUser } from '@runpledge/contracts';

/** Spec 7 bodies name a userId: it must be the caller's own; the services only ever get the session's. */
export function assertOwnUserId(user: SessionUser, body: unknown): void {
  const claimed = (body as { userId?: unknown } | null)?.userId;
  if (claimed !== undefined && claimed !== user.id)
    throw new ForbiddenException('You can only manage your own Strava connection');
}
