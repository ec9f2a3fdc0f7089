import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { AccessTokenClaims, SessionUser } from '@runpledge/contracts';
import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@runpledge/server-kit/auth';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-jwt';
import { AccessTokenKeys } from './access-token-keys.service.js';
import { readAccessToken } from './auth-cookies.js';
import { RevokedSessions } from './revoked-sessions.js';

export const ACCESS_TOKEN_STRATEGY = 'access-token';

/** The `kid` of a JWT's header, without verifying anything yet. */
function keyIdOf(rawJwt: string): string | undefined {
  try {
    const header = JSON.parse(Buffer.from(rawJwt.split('.')[0] ?? '', 'base64url').toString('utf8')) as {
      kid?: unknown;
    };
    return typeof header.kid === 'string' ? header.kid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * passport-jwt on the access cookie: ES256, our issuer and audience, signed by any key of the
 * set identity publishes (several during a rotation; see AccessTokenKeys), and not of a session identity has since revoked.
 * No call to identity.
 */
@Injectable()
export class AccessTokenStrategy extends PassportStrategy(Strategy, ACCESS_TOKEN_STRATEGY) {
  constructor(
    private readonly revoked: RevokedSessions,
    keys: AccessTokenKeys,
  ) {
    super({
      jwtFromRequest: (request: FastifyRequest) => readAccessToken(request) ?? null,
      secretOrKeyProvider: (_request: unknown, rawJwt: string, done: (err: unknown, key?: string) => void) => {
        keys.keyFor(keyIdOf(rawJwt) ?? '').then(
          (key) => (key ? done(null, key) : done(new UnauthorizedException('Unknown signing key'))),
          (err: unknown) => done(err),
        );
      },
      algorithms: [ACCESS_TOKEN_ALGORITHM],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
    });
  }

  validate(claims: AccessTokenClaims): SessionUser {
    if (this.revoked.has(claims.sid)) throw new UnauthorizedException('Your session has ended. Please sign in again.');
    return { id: claims.sub, email: claims.email, emailVerified: claims.emailVerified, sessionId: claims.sid };
  }
}
