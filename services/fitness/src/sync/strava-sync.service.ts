import { Inject, Injectable } from '@nestjs/common';
import { FITNESS_EVENTS, type StravaWebhookEvent } from '@runpledge/contracts';
import { DomainEvents, LOGGER } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { env } from '../config/env.js';
import { ActivitiesRepository } from '../activities/activities.repository.js';
import { StravaConnectionsRepository } from '../strava-connections/strava-connections.repository.js';
import { StravaConnectionsService } from '../strava-connections/strava-connections.service.js';
import { ReconnectRequiredError, StravaTokensService } from '../strava-connections/strava-tokens.service.js';
import { mapStravaActivity, type ActivityRecord } from '../strava/map-strava-activity.util.js';
import { STRAVA_PAGE_SIZE, StravaClient } from '../strava/strava.client.js';
import { StravaApiError } from '../strava/strava.errors.js';
import type { StravaActivity } from '../strava/strava.types.js';
import type { SyncAthleteJob, SyncAthleteResult } from './sync-jobs.js';
import { SyncQueue } from './sync-queue.js';
import { WebhookSubscriptionService } from '../webhook-subscription/webhook-subscription.service.js';

/**
 * Whether Strava bore the event out. A job for an event Strava contradicted (a delete of an activity
 * that exists, a deauthorization of a working token) is not kept: a later genuine event with the same
 * (object, id, aspect) must not be taken for its replay.
 */
export interface WebhookOutcome {
  confirmed: boolean;
}

/** Where a job keeps its progress, so a restarted job carries on from the page it reached. */
export interface JobProgress<T> {
  data: T;
  updateData(data: T): Promise<void>;
}

/** The work of the `strava-sync` jobs; the processor only dispatches to it. */
@Injectable()
export class StravaSyncService {
  constructor(
    private readonly connections: StravaConnectionsRepository,
    private readonly connectionsService: StravaConnectionsService,
    private readonly activities: ActivitiesRepository,
    private readonly tokens: StravaTokensService,
    private readonly strava: StravaClient,
    private readonly queue: SyncQueue,
    private readonly events: DomainEvents,
    private readonly subscription: WebhookSubscriptionService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A backfill from the training start date, or an incremental sync after the newest stored activity. */
  async syncAthlete(job: JobProgress<SyncAthleteJob>): Promise<SyncAthleteResult> {
    const { userId } = job.data;
    const connection = await this.connections.findByUserId(userId);
    if (!connection?.trainingStartDate) return { synced: 0 };
    if (connection.needsReconnect) return { synced: 0, needsReconnect: true };

    let { after, page = 1, synced = 0 } = job.data;
    if (after === undefined) {
      const latest = await this.activities.latestStravaStart(userId);
      // The start date is the runner's local day: begin 14 h early so no time zone loses a run.
      after = latest
        ? Math.floor(latest.getTime() / 1000) - 1
        : Date.parse(`${connection.trainingStartDate}T00:00:00Z`) / 1000 - 14 * 3600;
      await job.updateData({ ...job.data, after, page, synced });
    }
    try {
      for (;;) {
        const batch = await this.tokens.withAccessToken(userId, (token) =>
          this.strava.listActivities(token, { after, page }),
        );
        synced += await this.activities.upsertMany(userId, this.mapAll(batch));
        if (batch.length < STRAVA_PAGE_SIZE) break;
        page += 1;
        await job.updateData({ ...job.data, after, page, synced });
      }
    } catch (err) {
      if (err instanceof ReconnectRequiredError) return { synced, needsReconnect: true };
      throw err;
    }
    await this.events.transaction(async (manager) => {
      await this.connections.markSynced(userId, new Date(), manager);
      if (synced > 0) await this.events.record(manager, FITNESS_EVENTS.activitiesSynced, { userId, synced });
    });
    return { synced };
  }

  /**
   * Webhook events are hints, never orders: Strava does not sign them. The activity is re-read from
   * Strava (a delete removes it only when Strava answers 404 to its owner), a deauthorization forgets
   * the runner only when Strava refuses their token; unknown athletes are ignored.
   */
  async applyWebhookEvent(event: StravaWebhookEvent): Promise<WebhookOutcome> {
    const connection = await this.connections.findByAthleteId(String(event.owner_id));
    if (!connection) return { confirmed: true };
    const { userId } = connection;
    if (event.object_type === 'athlete') {
      if (event.aspect_type === 'update' && String(event.updates?.authorized) === 'false') {
        if (!(await this.stravaRefusesToken(userId))) {
          this.logger.warn({ userId }, 'Strava deauthorization event not confirmed: the token still works; ignored');
          return { confirmed: false };
        }
        await this.connectionsService.forget(userId);
        this.logger.info({ userId }, 'Strava deauthorized by the athlete: tokens and activities removed');
      }
      return { confirmed: true };
    }
    const externalId = String(event.object_id);
    try {
      const activity = await this.tokens.withAccessToken(userId, (token) => this.strava.getActivity(token, externalId));
      await this.activities.upsertMany(userId, this.mapAll([activity]));
      if (event.aspect_type === 'delete') {
        this.logger.warn({ userId, activityId: externalId }, 'Strava delete event not confirmed: the activity exists');
        return { confirmed: false };
      }
      return { confirmed: true };
    } catch (err) {
      if (err instanceof ReconnectRequiredError) return { confirmed: true };
      // Gone (or made private) for its owner, by Strava's own answer: nothing of it may stay.
      if (err instanceof StravaApiError && err.failure === 'not-found') {
        await this.activities.deleteStravaActivity(userId, externalId);
        return { confirmed: true };
      }
      throw err;
    }
  }

  /** Whether Strava refuses the runner's token (after a refresh): the deauthorization is real. */
  private async stravaRefusesToken(userId: string): Promise<boolean> {
    try {
      await this.tokens.withAccessToken(userId, (token) => this.strava.getAthlete(token));
      return false;
    } catch (err) {
      if (err instanceof ReconnectRequiredError) return true;
      throw err;
    }
  }

  /** The scheduled pass: a sync for every working connection, in case a webhook was missed. */
  async reconcile(): Promise<{ queued: number }> {
    const userIds = await this.connections.findSyncableUserIds();
    for (const userId of userIds) await this.queue.syncAthlete(userId, 'scheduled');
    return { queued: userIds.length };
  }

  /** One push subscription per app: create ours unless Strava already pushes to it. */
  async ensureWebhookSubscription(): Promise<void> {
    const { webhookCallbackUrl } = env.strava;
    const existing = await this.strava.listPushSubscriptions();
    const ours = existing.find((sub) => sub.callback_url === webhookCallbackUrl);
    if (ours) return this.subscription.remember(ours.id, ours.callback_url);
    if (existing.length > 0) {
      this.logger.warn(
        { callbackUrl: existing[0]!.callback_url },
        'Strava pushes events to another address; leaving it',
      );
      return;
    }
    const created = await this.strava.createPushSubscription(webhookCallbackUrl, env.STRAVA_WEBHOOK_VERIFY_TOKEN);
    await this.subscription.remember(created.id, webhookCallbackUrl);
    this.logger.info({ callbackUrl: webhookCallbackUrl, id: created.id }, 'Strava webhook subscription created');
  }

  private mapAll(batch: StravaActivity[]): ActivityRecord[] {
    const records: ActivityRecord[] = [];
    for (const activity of batch) {
      try {
        records.push(mapStravaActivity(activity));
      } catch (err) {
        this.logger.warn({ err, activityId: activity.id }, 'Strava activity skipped');
      }
    }
    return records;
  }
}
