import { Injectable } from '@nestjs/common';
import type { DistanceByDayQuery, DistanceByDayResponse } from '@runpledge/contracts';
import { DataSource } from 'typeorm';
import { DistanceRecorder } from '../distance/distance.recorder.js';

/**
 * A runner's running distance per day, by source, with the version it was read at: what profiles
 * seeds its run ledger with, once per runner (decision 0021); events keep the ledger after that.
 */
@Injectable()
export class DistanceByDayService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly distance: DistanceRecorder,
  ) {}

  async get(query: DistanceByDayQuery): Promise<DistanceByDayResponse> {
    if (query.to < query.from) return { days: [], version: 0 };
    return this.dataSource.transaction((manager) =>
      this.distance.versionedRunDays(manager, query.userId, query.from, query.to),
    );
  }
}
