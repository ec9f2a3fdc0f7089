import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AccessGrant, AccessTokenClaims } from '@runpledge/contracts';
import {
  ACCESS_TOKEN_ALGORITHM,
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  loadSigningKey,
  type SigningKey,
} from '@runpledge/server-kit';
import { env } from '../config/env.js';

/** Signs the short-lived access tokens with the current key of `ACCESS_TOKEN_KEYS`, named by its `kid`. */
@Injectable()
export class AccessTokensService {
  private readonly key: SigningKey = loadSigningKey(env);

  constructor(private readonly jwt: JwtService) {}

  issue(claims: AccessTokenClaims): AccessGrant {
    const accessToken = this.jwt.sign(claims, {
      algorithm: ACCESS_TOKEN_ALGORITHM,
      privateKey: this.key.privateKeyPem,
      keyid: this.key.kid,
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      expiresIn: env.ACCESS_TOKEN_TTL_SECONDS,
    });
    const accessTokenExpiresAt = new Date(Date.now() + env.ACCESS_TOKEN_TTL_SECONDS * 1000).toISOString();
    return { accessToken, accessTokenExpiresAt };
  }
}
