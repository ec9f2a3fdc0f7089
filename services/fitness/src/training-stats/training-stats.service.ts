import { Injectable } from '@nestjs/common';
import type { TrainingStats, TrainingStatsRequest } from '@runpledge/contracts';
import { ActivitiesRepository } from '../activities/activities.repository.js';
import { ActivitiesService } from '../activities/activities.service.js';
import { FitnessProfilesRepository } from '../fitness-profiles/fitness-profiles.repository.js';
import { StravaConnectionsRepository } from '../strava-connections/strava-connections.repository.js';
import { chartWeeks, computeTrainingStats } from './training-stats.util.js';

@Injectable()
export class TrainingStatsService {
  constructor(
    private readonly pages: FitnessProfilesRepository,
    private readonly connections: StravaConnectionsRepository,
    private readonly activities: ActivitiesRepository,
    private readonly activitiesService: ActivitiesService,
  ) {}

  /** Stats of a page's runner from stored runs since the training start date, as this viewer may see them. */
  async get(request: TrainingStatsRequest): Promise<TrainingStats> {
    const page = await this.pages.findByProfileId(request.profileId);
    const userId = page?.userId;
    const connection = userId ? await this.connections.findByUserId(userId) : null;
    const trainingStartDate = connection?.trainingStartDate ?? null;
    const weeks = chartWeeks(new Date().toISOString().slice(0, 10), trainingStartDate);
    if (!userId)
      return computeTrainingStats({
        totals: { runCount: 0, distanceMeters: 0, durationSeconds: 0, stravaRunCount: 0 },
        weekly: [],
        weeks,
        trainingStartDate,
      });
    const filter = {
      includeStrava: await this.activitiesService.mayShowStrava(userId, request.viewerUserId),
      visibleToAllOnly: request.viewerUserId !== userId,
      since: trainingStartDate,
    };
    const [totals, weekly] = await Promise.all([
      this.activities.runTotals(userId, filter),
      this.activities.weeklyRunDistance(userId, weeks[0] ?? '9999-12-31', filter),
    ]);
    return computeTrainingStats({ totals, weekly, weeks, trainingStartDate });
  }
}
