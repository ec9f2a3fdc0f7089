import { Injectable } from '@nestjs/common';
import {
  PLEDGE_DISTANCE_SOURCES,
  type DistanceByDayQuery,
  type DistanceByDayResponse,
  type DistanceDay,
  type PledgeDistanceSource,
} from '@runpledge/contracts';
import { ActivitiesService } from '../activities/activities.service.js';
import { DistanceByDayRepository } from './distance-by-day.repository.js';

const emptyMeters = (): Record<PledgeDistanceSource, number> =>
  Object.fromEntries(PLEDGE_DISTANCE_SOURCES.map((s) => [s, 0])) as Record<PledgeDistanceSource, number>;

/** A runner's running distance per day, by source: the distances pledges per mile count. */
@Injectable()
export class DistanceByDayService {
  constructor(
    private readonly distances: DistanceByDayRepository,
    private readonly activities: ActivitiesService,
  ) {}

  async get(query: DistanceByDayQuery): Promise<DistanceByDayResponse> {
    if (query.to < query.from) return { days: [] };
    const includeStrava = await this.activities.mayShowStrava(query.userId, undefined);
    const rows = await this.distances.perDay(query.userId, query.from, query.to, includeStrava);
    const days: DistanceDay[] = [];
    for (const row of rows) {
      let day = days.at(-1);
      if (day?.date !== row.date) days.push((day = { date: row.date, meters: emptyMeters() }));
      // A source fitness may learn later (another import) counts as a file the runner brought.
      const source = (PLEDGE_DISTANCE_SOURCES as readonly string[]).includes(row.source)
        ? (row.source as PledgeDistanceSource)
        : 'upload';
      day.meters[source] += Number(row.meters);
    }
    return { days };
  }
}
