import { Injectable } from '@nestjs/common';
import {
  stravaActivityUrl,
  type Activity,
  type ListActivitiesRequest,
  type ManualActivityInput,
} from '@runpledge/contracts';
import { ServiceException } from '@runpledge/server-kit';
import type { EntityManager } from 'typeorm';
import { env } from '../config/env.js';
import { FitnessProfilesRepository } from '../fitness-profiles/fitness-profiles.repository.js';
import { StravaConnectionsRepository } from '../strava-connections/strava-connections.repository.js';
import { ActivitiesRepository } from './activities.repository.js';
import type { ActivityRecord } from '../strava/map-strava-activity.util.js';
import type { ActivityEntity } from './activity.entity.js';
import { mayShowStravaData } from './strava-display.util.js';

@Injectable()
export class ActivitiesService {
  constructor(
    private readonly activities: ActivitiesRepository,
    private readonly connections: StravaConnectionsRepository,
    private readonly pages: FitnessProfilesRepository,
  ) {}

  /** Newest first; a visitor sees a runner's activities only when the runner has a page, Strava ones per the display rules. */
  async list(request: ListActivitiesRequest): Promise<Activity[]> {
    const isOwner = request.viewerUserId === request.userId;
    if (!isOwner && !(await this.pages.userHasPage(request.userId)))
      throw ServiceException.notFound('Runner profile not found');
    const includeStrava = await this.mayShowStrava(request.userId, request.viewerUserId);
    const rows = await this.activities.findNewest(request.userId, request.limit, {
      runsOnly: request.type === 'run',
      includeStrava,
      visibleToAllOnly: !isOwner,
    });
    return rows.map(toActivity);
  }

  async createManual(userId: string, input: ManualActivityInput): Promise<Activity> {
    return this.storeOwn(userId, manualRecord(input));
  }

  /**
   * Stores a run the runner brought, by hand or in a file (activity-uploads), through one path;
   * `check` runs first under the runner's lock (the duplicate rule of uploads).
   */
  async storeOwn(
    userId: string,
    record: ActivityRecord,
    check?: (manager: EntityManager) => Promise<void>,
  ): Promise<Activity> {
    return toActivity(await this.activities.insertManual(userId, record, check));
  }

  /** Only the caller's own runs entered by hand can change; Strava's come from Strava. */
  async updateManual(userId: string, activityId: string, input: ManualActivityInput): Promise<Activity> {
    const saved = await this.activities.updateManual(userId, activityId, manualRecord(input));
    if (!saved) throw ServiceException.notFound('Activity not found');
    return toActivity(saved);
  }

  async deleteManual(userId: string, activityId: string): Promise<{ success: true }> {
    if (!(await this.activities.deleteManual(userId, activityId)))
      throw ServiceException.notFound('Activity not found');
    return { success: true };
  }

  async mayShowStrava(ownerUserId: string, viewerUserId: string | undefined): Promise<boolean> {
    if (viewerUserId === ownerUserId) return true;
    const connection = await this.connections.findByUserId(ownerUserId);
    return mayShowStravaData({
      ownerUserId,
      viewerUserId,
      consent: connection?.publicDisplayConsent ?? false,
      mode: env.STRAVA_PUBLIC_DISPLAY,
    });
  }
}

export function toActivity(row: ActivityEntity): Activity {
  return {
    id: row.id,
    name: row.name,
    source: row.source,
    sportType: row.sportType,
    distanceMeters: row.distanceMeters,
    durationSeconds: row.durationSeconds,
    averagePaceSecondsPerKm:
      row.distanceMeters > 0 ? Math.round((row.durationSeconds / (row.distanceMeters / 1000)) * 10) / 10 : null,
    elevationGainMeters: row.elevationGainMeters,
    startDate: row.startDate.toISOString(),
    externalUrl: row.source === 'strava' && row.externalId ? stravaActivityUrl(row.externalId) : null,
  };
}

function manualRecord(input: ManualActivityInput): ActivityRecord {
  return {
    source: 'manual' as const,
    externalId: null,
    name: input.name || 'Run',
    sportType: 'Run',
    distanceMeters: Math.round(input.distanceKm * 1000 * 10) / 10,
    durationSeconds: input.durationSeconds,
    // The time typed by hand is the run's time, start to finish.
    elapsedSeconds: input.durationSeconds,
    elevationGainMeters: input.elevationGainMeters,
    // A hand-entered run has a day, not a time: midday keeps it on that day in every time zone near UTC.
    startDate: new Date(`${input.date}T12:00:00Z`),
    startDateLocal: `${input.date}T12:00:00`,
    visibleToAll: true,
  };
}
