import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  FITNESS_MESSAGES,
  STRAVA_OAUTH_COOKIE,
  STRAVA_TOKENS_REFUSED,
  type StravaCompleteAuthorization,
  type StravaOAuthError,
  type StravaCompleteSetupBody,
  type StravaConnectBody,
} from '@runpledge/contracts';
import { assertLiveAccount, LOGGER, REDIS, ServiceException } from '@runpledge/server-kit';
import type { Redis } from 'ioredis';
import { env } from '../config/env.js';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { ActivitiesRepository } from '../activities/activities.repository.js';
import { FitnessProfilesRepository } from '../fitness-profiles/fitness-profiles.repository.js';
import { StravaClient } from '../strava/strava.client.js';
import { StravaApiError, StravaBudgetExhaustedError } from '../strava/strava.errors.js';
import { TOKEN_KEY } from '../strava/strava.module.js';
import { SyncQueue } from '../sync/sync-queue.js';
import { StravaConnectionsRepository } from './strava-connections.repository.js';
import { StravaTokensService } from './strava-tokens.service.js';
import { decryptToken, hashNonce, newStateId, sameSecret, signState, verifyState } from './token-cipher.util.js';

/** As long as the browser's nonce cookie lives. */
const STATE_TTL_MS = STRAVA_OAUTH_COOKIE.maxAgeSeconds * 1000;
const stateKey = (id: string) => `${env.REDIS_PREFIX}strava:oauth-state:${id}`;
const READ_SCOPES = ['activity:read', 'activity:read_all'];

@Injectable()
export class StravaConnectionsService {
  constructor(
    private readonly connections: StravaConnectionsRepository,
    private readonly activities: ActivitiesRepository,
    private readonly pages: FitnessProfilesRepository,
    private readonly tokens: StravaTokensService,
    private readonly strava: StravaClient,
    private readonly syncQueue: SyncQueue,
    private readonly dataSource: DataSource,
    @Inject(TOKEN_KEY) private readonly key: Buffer,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Strava's authorize URL for the owner of `profileSlug`, with a signed, expiring state that names
   * the user and carries the hash of the starting browser's nonce; its id is kept until first use.
   */
  async authorizeUrl(userId: string, profileSlug: string, nonce: string): Promise<{ url: string }> {
    const page = await this.pages.findBySlug(profileSlug);
    if (!page) throw ServiceException.notFound('Runner profile not found');
    if (page.userId !== userId) throw ServiceException.forbidden('Only the runner can connect Strava to this page');
    const id = newStateId();
    await this.redis.set(stateKey(id), userId, 'PX', STATE_TTL_MS);
    const state = signState(this.key, {
      id,
      userId,
      profileSlug,
      nonceHash: hashNonce(nonce),
      expiresAt: Date.now() + STATE_TTL_MS,
    });
    return { url: this.strava.authorizeUrl(state) };
  }

  /**
   * Strava's redirect back: finished by the signed-in user and the browser (nonce cookie) that
   * started it, once; then stores the tokens server-side and says where the browser goes next.
   * Anything else stores nothing and sends the browser to the landing page with a `strava_error`.
   */
  async completeAuthorization(query: StravaCompleteAuthorization): Promise<{ redirectTo: string }> {
    const failed = (error: StravaOAuthError | string) => ({
      redirectTo: `/?strava_error=${encodeURIComponent(error)}`,
    });
    if (query.error) return failed(query.error);
    const state = query.state ? verifyState(this.key, query.state) : undefined;
    if (!state || !query.code)
      throw ServiceException.badRequest('This Strava connection link is invalid or has expired. Please try again.');
    if (!query.userId) return failed('sign_in_required');
    if (query.userId !== state.userId) return failed('wrong_account');
    if (!query.nonce || !sameSecret(hashNonce(query.nonce), state.nonceHash)) return failed('wrong_browser');
    // Single use: the first callback to get here deletes the id; any other finds it gone.
    if ((await this.redis.del(stateKey(state.id))) !== 1) return failed('link_already_used');
    const granted = (query.scope ?? '').split(',');
    if (!READ_SCOPES.some((scope) => granted.includes(scope))) return failed('activity_permission_required');

    let tokens;
    try {
      tokens = await this.strava.exchangeCode(query.code);
    } catch (err) {
      this.logger.warn({ err, userId: state.userId }, 'Strava code exchange failed');
      return failed('authorization_failed');
    }
    const athleteId = String(tokens.athlete?.id ?? '');
    if (!athleteId) return failed('authorization_failed');
    const outcome = await this.store(
      state.userId,
      athleteId,
      tokens.access_token,
      tokens.refresh_token,
      new Date(tokens.expires_at * 1000),
      tokens.scope ?? query.scope ?? '',
    );
    if (outcome === 'taken') return failed('athlete_already_connected');
    return { redirectTo: `/${encodeURIComponent(state.profileSlug)}/fitness?strava_connected=true` };
  }

  /** Spec 7 connect: tokens from the browser are checked against Strava before they are stored. */
  async connect(userId: string, body: Omit<StravaConnectBody, 'userId'>): Promise<{ success: true }> {
    let athlete;
    try {
      athlete = await this.strava.getAthlete(body.stravaAccessToken);
    } catch (err) {
      // Only Strava's own refusal is about the tokens; its outages, our spent budget and our own
      // (the budget lives in Redis) are a 503: the runner may try again.
      if (err instanceof StravaApiError && !err.retryable) throw ServiceException.badRequest(STRAVA_TOKENS_REFUSED);
      if (!(err instanceof StravaBudgetExhaustedError || err instanceof StravaApiError))
        this.logger.warn({ err, userId }, 'Strava connect could not ask Strava');
      throw new ServiceException(
        ErrorCode.ServiceUnavailable,
        'Strava is busy right now. Please try again in a few minutes.',
      );
    }
    if (String(athlete.id) !== body.stravaAthleteId)
      throw ServiceException.badRequest('These tokens belong to another Strava athlete.');
    const outcome = await this.store(
      userId,
      body.stravaAthleteId,
      body.stravaAccessToken,
      body.stravaRefreshToken,
      new Date(body.stravaTokenExpiresAt),
      '',
    );
    if (outcome === 'taken')
      throw ServiceException.conflict('This Strava account is already connected to another RunPledge account.');
    return { success: true };
  }

  /** The setup step after connecting: training start date and public-display consent, then the backfill. */
  async completeSetup(userId: string, body: Omit<StravaCompleteSetupBody, 'userId'>): Promise<{ success: true }> {
    const { trainingStartDate, publicDisplayConsent, ...tokens } = body;
    if (
      tokens.stravaAccessToken &&
      tokens.stravaRefreshToken &&
      tokens.stravaAthleteId &&
      tokens.stravaTokenExpiresAt
    ) {
      await this.connect(userId, tokens as Omit<StravaConnectBody, 'userId'>);
    }
    // The backfill job is written with the setup (the job outbox): the runner does not wait for
    // Redis, and a Redis outage, even with this process dying meanwhile, does not lose it.
    const updated = await this.dataSource.transaction(async (manager) => {
      const found = await this.activities.changeDisplay(userId, manager, (m) =>
        this.connections.completeSetup(userId, trainingStartDate, publicDisplayConsent, m),
      );
      if (found) await this.syncQueue.recordSyncAthlete(manager, userId, 'backfill');
      return found;
    });
    if (!updated) throw ServiceException.notFound(FITNESS_MESSAGES.notConnected);
    this.syncQueue.relay.kick();
    return { success: true };
  }

  /** Deauthorizes at Strava (best effort), then forgets the tokens and every Strava activity. */
  async disconnect(userId: string): Promise<{ success: true }> {
    const connection = await this.connections.findByUserId(userId);
    if (!connection) return { success: true };
    try {
      await this.strava.deauthorize(decryptToken(this.key, connection.accessTokenSealed));
    } catch (err) {
      // The runner asked to be forgotten: a failed revoke at Strava must not keep their data here.
      this.logger.warn({ err, userId }, 'Strava deauthorize failed; removing the connection anyway');
    }
    await this.forget(userId);
    return { success: true };
  }

  /** Removes the tokens and Strava activities of a user (disconnect, or Strava's deauthorization event). */
  async forget(userId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.activities.deleteAllStrava(userId, manager);
      await this.connections.delete(manager, userId);
    });
  }

  private async store(
    userId: string,
    athleteId: string,
    accessToken: string,
    refreshToken: string,
    expiresAt: Date,
    scope: string,
  ): Promise<'stored' | 'taken'> {
    const existing = await this.connections.findByAthleteId(athleteId);
    if (existing && existing.userId !== userId) return 'taken';
    const previous = await this.connections.findByUserId(userId);
    if (previous && previous.athleteId !== athleteId) await this.forget(userId);
    // A reconnect of a runner whose setup is done picks up what was missed while the link was broken:
    // its sync job is written with the tokens (the job outbox), so Redis being away loses neither.
    const reconnect = previous?.trainingStartDate && previous.athleteId === athleteId;
    await this.dataSource.transaction(async (manager) => {
      await assertLiveAccount(manager, userId);
      await this.connections.saveTokens(
        {
          userId,
          athleteId,
          scope,
          accessTokenSealed: this.tokens.seal(accessToken),
          refreshTokenSealed: this.tokens.seal(refreshToken),
          tokenExpiresAt: expiresAt,
        },
        manager,
      );
      if (reconnect) await this.syncQueue.recordSyncAthlete(manager, userId, 'reconnect');
    });
    if (reconnect) this.syncQueue.relay.kick();
    return 'stored';
  }
}
