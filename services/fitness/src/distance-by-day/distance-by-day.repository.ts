import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { RUN_SPORT_TYPES } from '@runpledge/contracts';
import type { Repository } from 'typeorm';
import { ActivityEntity } from '../activities/activity.entity.js';

export interface DistanceRow {
  date: string;
  source: string;
  meters: number;
}

/** Runs per local day and source: what pledges count. */
@Injectable()
export class DistanceByDayRepository {
  constructor(@InjectRepository(ActivityEntity) private readonly activities: Repository<ActivityEntity>) {}

  /**
   * Meters run per day (the runner's local date) and source over [from, to], counted as the page's
   * training stats count runs for a visitor: run sport types, activities everyone may see, Strava
   * ones only when they may be shown.
   */
  perDay(userId: string, from: string, to: string, includeStrava: boolean): Promise<DistanceRow[]> {
    const query = this.activities
      .createQueryBuilder('a')
      .select(`to_char(a.start_date_local, 'YYYY-MM-DD')`, 'date')
      .addSelect('a.source', 'source')
      .addSelect('sum(a.distance_meters)::float8', 'meters')
      .where('a.user_id = :userId', { userId })
      .andWhere('a.sport_type IN (:...runTypes)', { runTypes: [...RUN_SPORT_TYPES] })
      .andWhere('a.visible_to_all')
      .andWhere('a.start_date_local >= :from', { from })
      .andWhere(`a.start_date_local < (:to::date + 1)`, { to });
    if (!includeStrava) query.andWhere(`a.source <> 'strava'`);
    return query.groupBy('1').addGroupBy('2').orderBy('1').getRawMany<DistanceRow>();
  }
}
