import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { StravaApiError } from '../strava/strava.errors.js';
import { StravaClient } from '../strava/strava.client.js';
import { TOKEN_KEY } from '../strava/strava.module.js';
import { decryptToken, encryptToken } from './token-cipher.util.js';
import { StravaConnectionsRepository } from './strava-connections.repository.js';
import type { StravaConnectionEntity } from './strava-connection.entity.js';

/** Refresh this long before expiry so a token never dies in the middle of a backfill. */
const REFRESH_MARGIN_MS = 10 * 60_000;

/** The runner must reconnect: Strava no longer accepts our refresh token, or the link is gone. */
export class ReconnectRequiredError extends Error {
  constructor(readonly userId: string) {
    super('Strava authorization was revoked');
    this.name = 'ReconnectRequiredError';
  }
}

@Injectable()
export class StravaTokensService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly connections: StravaConnectionsRepository,
    private readonly strava: StravaClient,
    @Inject(TOKEN_KEY) private readonly key: Buffer,
  ) {}

  seal(token: string): string {
    return encryptToken(this.key, token);
  }

  /**
   * A usable access token: refreshed under a row lock when close to expiry, or when Strava refused
   * `refused` (a 401) and it is still the stored one, always keeping the newest refresh token Strava
   * returns. Two workers that both had a token refused refresh once: the second finds the token
   * the first stored, whenever it comes (while the first holds the lock, or after it committed).
   */
  async accessTokenFor(userId: string, options: { refused?: string } = {}): Promise<string> {
    const stale = (connection: StravaConnectionEntity): boolean =>
      options.refused !== undefined
        ? decryptToken(this.key, connection.accessTokenSealed) === options.refused
        : this.expiresSoon(connection);
    const current = await this.connections.findByUserId(userId);
    if (!current || current.needsReconnect) throw new ReconnectRequiredError(userId);
    if (!stale(current)) return decryptToken(this.key, current.accessTokenSealed);

    let revoked = false;
    const token = await this.dataSource.transaction(async (manager) => {
      const locked = await this.connections.lockByUserId(manager, userId);
      if (!locked || locked.needsReconnect) throw new ReconnectRequiredError(userId);
      // Another job refreshed while we waited for the lock: use its token.
      if (!stale(locked)) return decryptToken(this.key, locked.accessTokenSealed);
      try {
        const fresh = await this.strava.refresh(decryptToken(this.key, locked.refreshTokenSealed));
        await this.connections.updateTokens(manager, userId, {
          accessTokenSealed: this.seal(fresh.access_token),
          refreshTokenSealed: this.seal(fresh.refresh_token),
          tokenExpiresAt: new Date(fresh.expires_at * 1000),
        });
        return fresh.access_token;
      } catch (err) {
        if (err instanceof StravaApiError && (err.failure === 'invalid-grant' || err.failure === 'unauthorized')) {
          revoked = true;
          return undefined;
        }
        throw err;
      }
    });
    if (revoked || token === undefined) {
      await this.connections.markNeedsReconnect(userId);
      throw new ReconnectRequiredError(userId);
    }
    return token;
  }

  /** Runs `call` with a token; on a 401 refreshes once (unless another job already did) and tries again. */
  async withAccessToken<T>(userId: string, call: (accessToken: string) => Promise<T>): Promise<T> {
    const accessToken = await this.accessTokenFor(userId);
    try {
      return await call(accessToken);
    } catch (err) {
      if (!(err instanceof StravaApiError) || err.failure !== 'unauthorized') throw err;
    }
    return call(await this.accessTokenFor(userId, { refused: accessToken }));
  }

  private expiresSoon(connection: StravaConnectionEntity): boolean {
    return connection.tokenExpiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS;
  }
}
