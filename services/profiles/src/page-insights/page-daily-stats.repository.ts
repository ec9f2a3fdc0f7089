import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DayCounts } from './page-insights.store.js';

interface Row {
  day: string;
  views: number;
  unique_visitors: number;
  shares: number;
  donate_clicks: number;
  challenge_picks: Record<string, number>;
}

/** `profiles.page_daily_stats`: a page's figures per UTC day once the worker has copied them from Redis. */
@Injectable()
export class PageDailyStatsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Writes the day's figures as they are now (absolute values: a repeated or late flush gives the
   * same row). Counts only go up, so a flush racing an older one keeps the larger figure. A page
   * deleted meanwhile writes nothing.
   */
  async save(profileId: string, day: string, counts: DayCounts): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "profiles"."page_daily_stats"
         ("profile_id", "day", "views", "unique_visitors", "shares", "donate_clicks", "challenge_picks")
       SELECT $1, $2::date, $3, $4, $5, $6, $7::jsonb
       WHERE EXISTS (SELECT 1 FROM "profiles"."runner_profiles" WHERE "id" = $1)
       ON CONFLICT ("profile_id", "day") DO UPDATE SET
         "views" = GREATEST("page_daily_stats"."views", EXCLUDED."views"),
         "unique_visitors" = GREATEST("page_daily_stats"."unique_visitors", EXCLUDED."unique_visitors"),
         "shares" = GREATEST("page_daily_stats"."shares", EXCLUDED."shares"),
         "donate_clicks" = GREATEST("page_daily_stats"."donate_clicks", EXCLUDED."donate_clicks"),
         "challenge_picks" = EXCLUDED."challenge_picks"`,
      [
        profileId,
        day,
        counts.views,
        counts.uniqueVisitors,
        counts.shares,
        counts.donateClicks,
        JSON.stringify(counts.challengePicks),
      ],
    );
  }

  /** The stored days of a page from `from` to `to` (inclusive, `YYYY-MM-DD`). */
  async list(profileId: string, from: string, to: string): Promise<Map<string, DayCounts>> {
    return this.select(`"profile_id" = $1 AND "day" BETWEEN $2::date AND $3::date`, [profileId, from, to]);
  }

  /** Every stored day of a page, oldest first (the account's data export). */
  async listAll(profileId: string): Promise<Map<string, DayCounts>> {
    return this.select(`"profile_id" = $1`, [profileId]);
  }

  private async select(where: string, params: unknown[]): Promise<Map<string, DayCounts>> {
    const rows = (await this.dataSource.query(
      `SELECT to_char("day", 'YYYY-MM-DD') AS "day", "views", "unique_visitors", "shares", "donate_clicks", "challenge_picks"
       FROM "profiles"."page_daily_stats" WHERE ${where} ORDER BY "day"`,
      params,
    )) as Row[];
    return new Map(
      rows.map((r) => [
        r.day,
        {
          views: r.views,
          uniqueVisitors: r.unique_visitors,
          shares: r.shares,
          donateClicks: r.donate_clicks,
          challengePicks: r.challenge_picks,
        },
      ]),
    );
  }
}
