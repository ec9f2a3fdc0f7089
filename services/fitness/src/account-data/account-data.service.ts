import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  IDENTITY_EVENTS,
  type ExportActivitiesQuery,
  type ExportCursor,
  type ExportedActivity,
} from '@runpledge/contracts';
import { DomainEvents, forgetPublishedEventsOf, LOGGER, recordDeletedAccount } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { ReconnectRequiredError, StravaTokensService } from '../strava-connections/strava-tokens.service.js';
import { StravaClient } from '../strava/strava.client.js';
import { StravaApiError } from '../strava/strava.errors.js';
import { AccountDataRepository } from './account-data.repository.js';

/** Activities per page of the export: a few hundred bytes each, so a page stays far below NATS's 1 MB. */
export const EXPORT_ACTIVITIES_PAGE_SIZE = 500;

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

  /** Everything but the activities, which come in pages (exportActivities). */
  async export(userId: string): Promise<Record<string, unknown>> {
    const { connection, pages } = await this.data.findAllOfUser(userId);
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
    };
  }

  /** One page of the user's activities, newest first; only the user's own are ever read. */
  async exportActivities({
    userId,
    after,
  }: ExportActivitiesQuery): Promise<{ items: ExportedActivity[]; next: ExportCursor | null }> {
    const rows = await this.data.findActivitiesPage(userId, after, EXPORT_ACTIVITIES_PAGE_SIZE + 1);
    const page = rows.slice(0, EXPORT_ACTIVITIES_PAGE_SIZE);
    return {
      items: page.map((a) => ({
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
      next: rows.length > EXPORT_ACTIVITIES_PAGE_SIZE ? { at: page.at(-1)!.cursorAt, id: page.at(-1)!.id } : null,
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
