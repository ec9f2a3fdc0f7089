import { z } from 'zod';

/**
 * Core NATS subjects (not JetStream) identity publishes to every gateway replica at once: each
 * replica subscribes without a queue group, so all of them hear it.
 */
export const IDENTITY_BROADCASTS = {
  /** Payload `SessionsRevoked`: these sessions' access tokens must be refused from now on. */
  sessionsRevoked: 'identity.broadcast.sessions-revoked',
} as const;

export const sessionsRevokedSchema = z.object({ userId: z.uuid(), sessionIds: z.array(z.uuid()) });
export type SessionsRevoked = z.infer<typeof sessionsRevokedSchema>;

/**
 * Published by profiles on core NATS (not JetStream) after every committed change to what a page
 * shows: every gateway replica hears it and drops its cached view. Losing one only delays
 * freshness until the cache's TTL, so it needs no durable stream.
 */
export const PROFILE_CACHE_INVALIDATION = {
  subject: 'profiles.cache.invalidate',
  schema: z.object({ slug: z.string(), profileId: z.uuid() }),
} as const;
export type ProfileCacheInvalidation = z.infer<typeof PROFILE_CACHE_INVALIDATION.schema>;
