import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { IDENTITY_EVENTS } from '@runpledge/contracts';
import { DomainEvents, forgetPublishedEventsOf, LOGGER, recordDeletedAccount } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { ReconnectRequiredError, StravaTokensService } from '../strava-connections/strava-tokens.service.js';
import { StravaClient } from '../strava/strava.client.js';
import { StravaApiError } from '../strava/strava.errors.js';
import { AccountDataRepository } from './account-data.repository.js';

@Injectable()
export class AccountDataService implements OnModuleInit {
  constructor(
    private readonly data: AccountDataRepository,
    private readonly tokens: StravaTokensService,
    private readonly strava: StravaClient,
    private readonly events: DomainEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.events.on(IDENTITY_EVENTS.userDeleted, ({ userId }, { manager }) => this.forget(manager, userId));
  }

  /**
   * The account is gone: the app's access is revoked at Strava, then the tokens, every activity and
   * the page copies go. Strava busy or away: the event is retried later; a token Strava no longer
   * honours is already revoked.
   */
  async forget(manager: EntityManager, userId: string): Promise<void> {
    // A Strava connection or run saved for the user after this finds the tombstone.
    await recordDeletedAccount(manager, userId);
    await this.deauthorize(userId);
    await forgetPublishedEventsOf(manager, userId);
    await this.data.deleteAllOfUser(manager, userId);
  }

  async export(userId: string): Promise<Record<string, unknown>> {
    const { connection, pages, activities } = await this.data.findAllOfUser(userId);
    return {
      stravaConnection: connection && {
        athleteId: connection.athleteId,
        scope: connection.scope,
        trainingStartDate: connection.trainingStartDate,
        publicDisplayConsent: connection.publicDisplayConsent,
        needsReconnect: connection.needsReconnect,
        lastSyncedAt: connection.lastSyncedAt?.toISOString() ?? null,
        connectedAt: connection.createdAt.toISOString(),
      },
      pages: pages.map((p) => ({ profileId: p.profileId, urlSlug: p.urlSlug })),
      activities: activities.map((a) => ({
        id: a.id,
        source: a.source,
        externalId: a.externalId,
        name: a.name,
        sportType: a.sportType,
        distanceMeters: a.distanceMeters,
        durationSeconds: a.durationSeconds,
        elevationGainMeters: a.elevationGainMeters,
        startDate: a.startDate.toISOString(),
      })),
    };
  }

  private async deauthorize(userId: string): Promise<void> {
    const connection = (await this.data.findAllOfUser(userId)).connection;
    if (!connection || connection.needsReconnect) return;
    try {
      await this.tokens.withAccessToken(userId, (accessToken) => this.strava.deauthorize(accessToken));
      this.logger.info({ userId }, 'Strava deauthorized: account deleted');
    } catch (err) {
      if (err instanceof StravaApiError && !err.retryable) {
        this.logger.warn({ err, userId }, 'Strava refused the deauthorization; the token is no longer valid');
        return;
      }
      if (err instanceof ReconnectRequiredError) return;
      throw err;
    }
  }
}
