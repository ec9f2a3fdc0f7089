import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  FITNESS_LIMITS,
  FITNESS_MESSAGES,
  type StravaSyncReply,
  type StravaWebhookEvent,
} from '@runpledge/contracts';
import { ServiceException } from '@runpledge/server-kit';
import { DataSource } from 'typeorm';
import { env } from '../config/env.js';
import { StravaConnectionsRepository } from '../strava-connections/strava-connections.repository.js';
import { WebhookSubscriptionService } from '../webhook-subscription/webhook-subscription.service.js';
import type { SyncAthleteResult } from './sync-jobs.js';
import { SyncQueue } from './sync-queue.js';

const RECONNECT: StravaSyncReply = { error: FITNESS_MESSAGES.reconnectRequired, needsReconnect: true };
const STILL_RUNNING: StravaSyncReply = { message: FITNESS_MESSAGES.syncStillRunning, synced: 0, pending: true };

/** The request side of syncing: runs jobs on the queue, never calls Strava itself. */
@Injectable()
export class SyncService {
  constructor(
    private readonly connections: StravaConnectionsRepository,
    private readonly queue: SyncQueue,
    private readonly subscription: WebhookSubscriptionService,
    private readonly dataSource: DataSource,
  ) {}

  /** `POST /api/strava/sync`: one job for the caller, waited for up to a deadline. */
  async syncNow(userId: string): Promise<StravaSyncReply> {
    const connection = await this.connections.findByUserId(userId);
    if (!connection) throw ServiceException.notFound(FITNESS_MESSAGES.notConnected);
    if (connection.needsReconnect) return RECONNECT;
    if (!connection.trainingStartDate) throw ServiceException.conflict(FITNESS_MESSAGES.trainingStartDateFirst);
    // Written to the job outbox first: Redis away (or this process dying) does not lose the sync,
    // it runs once the queue is back; the runner is told it is still running.
    const deadline = Date.now() + FITNESS_LIMITS.syncWaitMs;
    const rowId = await this.dataSource.transaction((manager) =>
      this.queue.recordSyncAthlete(manager, userId, 'manual'),
    );
    const relayed = this.queue.relay.relayed(rowId, FITNESS_LIMITS.syncWaitMs);
    this.queue.relay.kick();
    const jobId = await relayed;
    if (jobId === undefined) return STILL_RUNNING;
    let result: SyncAthleteResult | undefined;
    try {
      result = await this.queue.waitForId<SyncAthleteResult>(jobId, Math.max(0, deadline - Date.now()));
    } catch {
      if ((await this.connections.findByUserId(userId))?.needsReconnect) return RECONNECT;
      throw new ServiceException(
        ErrorCode.ServiceUnavailable,
        'Unable to sync activities from Strava right now. Please try again later.',
      );
    }
    if (!result) return STILL_RUNNING;
    if (result.needsReconnect) return RECONNECT;
    return { message: FITNESS_MESSAGES.activitiesSynced, synced: result.synced };
  }

  /**
   * Strava waits at most 2 s for our answer: queue the event and return. Strava does not sign events,
   * so one without our subscription's id is refused before anything else; unknown athletes are ignored.
   * The job checks with Strava before it removes anything.
   */
  async acceptWebhookEvent(event: StravaWebhookEvent): Promise<{ received: true }> {
    if (!(await this.subscription.isOurs(event.subscription_id)))
      throw ServiceException.forbidden(FITNESS_MESSAGES.unknownWebhookSubscription);
    if (await this.connections.findByAthleteId(String(event.owner_id))) await this.queue.webhookEvent(event);
    return { received: true };
  }

  validateWebhook(
    mode: string | undefined,
    challenge: string | undefined,
    verifyToken: string | undefined,
  ): { 'hub.challenge': string } {
    if (mode !== 'subscribe' || !challenge || verifyToken !== env.STRAVA_WEBHOOK_VERIFY_TOKEN) {
      throw ServiceException.forbidden('Webhook verification failed');
    }
    return { 'hub.challenge': challenge };
  }
}
