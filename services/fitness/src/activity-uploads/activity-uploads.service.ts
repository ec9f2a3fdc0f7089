import { Injectable } from '@nestjs/common';
import {
  ACTIVITY_FILE_LIMITS,
  ACTIVITY_FILE_MESSAGES,
  type Activity,
  type UploadedActivitySummary,
} from '@runpledge/contracts';
import { ServiceException } from '@runpledge/server-kit';
import { ActivitiesRepository } from '../activities/activities.repository.js';
import { ActivitiesService } from '../activities/activities.service.js';
import type { ActivityRecord } from '../strava/map-strava-activity.util.js';
import { findSameRun } from './same-run.js';

/**
 * Runs read from the runner's GPX, TCX or FIT files (the gateway parses them and sends the
 * summary): stored like runs entered by hand, unless the run is already on the page.
 */
@Injectable()
export class ActivityUploadsService {
  constructor(
    private readonly activities: ActivitiesService,
    private readonly repository: ActivitiesRepository,
  ) {}

  store(userId: string, summary: UploadedActivitySummary): Promise<Activity> {
    const record = uploadRecord(summary);
    return this.activities.storeOwn(userId, record, async (manager) => {
      const near = await this.repository.findNear(
        manager,
        userId,
        record.startDate,
        record.startDateLocal.slice(0, 10),
        ACTIVITY_FILE_LIMITS.duplicateStartSeconds,
      );
      const same = findSameRun(near, record);
      if (same) throw ServiceException.conflict(ACTIVITY_FILE_MESSAGES.alreadyOnPage(same.source));
    });
  }
}

function uploadRecord(summary: UploadedActivitySummary): ActivityRecord {
  return {
    source: 'upload',
    externalId: null,
    name: summary.name,
    sportType: summary.sportType,
    distanceMeters: Math.round(summary.distanceMeters * 10) / 10,
    durationSeconds: summary.movingTimeSeconds,
    elapsedSeconds: summary.elapsedTimeSeconds ?? null,
    elevationGainMeters: Math.round(summary.elevationGainMeters * 10) / 10,
    startDate: new Date(summary.startDate),
    startDateLocal: summary.startDateLocal,
    visibleToAll: true,
  };
}
