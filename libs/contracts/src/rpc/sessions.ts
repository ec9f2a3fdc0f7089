import { z } from 'zod';
import type { User } from '../http/auth.js';

/** A short-lived access token for the gateway's cookie (verified there without calling identity). */
export interface AccessGrant {
  accessToken: string;
  accessTokenExpiresAt: string;
}

/** What identity answers for a sign-up or sign-in: the user, a new session token and an access token. */
export interface SessionGrant extends AccessGrant {
  user: User;
  sessionToken: string;
  expiresAt: string;
}

/**
 * What a refresh answers: a new access token and, when the session token was rotated, the new one
 * (absent when a concurrent refresh of the same browser rotated it a moment before).
 */
export interface RefreshGrant extends AccessGrant {
  user: SessionUser;
  sessionToken?: string;
  expiresAt: string;
}

/** The signed-in caller as the gateway passes it on to services. */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  /** The session the caller's access token belongs to (set by the gateway's guard). */
  sessionId?: string;
}

/** Claims of the access token: the caller and the session it was issued for. */
export interface AccessTokenClaims {
  sub: string;
  sid: string;
  email: string;
  emailVerified: boolean;
}

/** Access tokens live this long by default (`ACCESS_TOKEN_TTL_SECONDS`); revocations are kept as long. */
export const ACCESS_TOKEN_TTL_SECONDS = 600;

/** The public keys identity signs access tokens with (the current one first), as EC P-256 JWKs. */
export const accessTokenKeySetSchema = z.object({
  keys: z.array(
    z.object({
      kty: z.literal('EC'),
      crv: z.literal('P-256'),
      x: z.string().min(1),
      y: z.string().min(1),
      kid: z.string().min(1),
      alg: z.string(),
    }),
  ),
});
export type AccessTokenKeySet = z.infer<typeof accessTokenKeySetSchema>;
