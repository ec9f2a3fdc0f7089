import { ownedOrThrow } from '../runner-profiles/profile-ownership.util.js';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  CHALLENGE_NOT_FOUND,
  RUNNER_PROFILE_NOT_FOUND,
  type PageInsights,
  type PageInsightsDay,
  type PageInsightsQuery,
  type RecordPageEventCommand,
  PROFILES_EVENTS,
} from '@runpledge/contracts';
import { DomainEvents, LOGGER, ServiceException } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { FundraisingChallengesRepository } from '../challenges/fundraising-challenges.repository.js';
import { RunnerProfilesRepository } from '../runner-profiles/runner-profiles.repository.js';
import { isPublished } from '../runner-profiles/to-profile.util.js';
import { PageDailyStatsRepository } from './page-daily-stats.repository.js';
import { PageInsightsStore, type DayCounts } from './page-insights.store.js';

/** One day of a page's figures as the data export lists it. */
export type ExportedPageDay = { date: string } & DayCounts;

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** Owner insights: visitors' events counted per page and day, read back by the page's owner only. */
@Injectable()
export class PageInsightsService implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly profiles: RunnerProfilesRepository,
    private readonly challenges: FundraisingChallengesRepository,
    private readonly store: PageInsightsStore,
    private readonly stats: PageDailyStatsRepository,
    private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    // A deleted page (by its owner or with the account) takes its live counters along; its stored
    // days go by the table's ON DELETE CASCADE. Idempotent: a redelivered event deletes nothing more.
    this.events.on(PROFILES_EVENTS.profileDeleted, ({ profileId }) => this.store.forget(profileId));
  }

  /** Counts one event of a published page; unknown or unpublished pages, and other pages' challenges, are 404. */
  async record({ profileId, event, visitor }: RecordPageEventCommand, now = Date.now()): Promise<void> {
    const page = await this.profiles.findByIdWithAccess(profileId);
    if (!page || !isPublished(page.ownerAccess)) throw ServiceException.notFound(RUNNER_PROFILE_NOT_FOUND);
    if (event.type === 'challenge') {
      const challenge = await this.challenges.findById(this.dataSource.manager, event.challengeId!);
      if (challenge?.runnerProfileId !== profileId) throw ServiceException.notFound(CHALLENGE_NOT_FOUND);
    }
    const day = utcDay(now);
    const visitorHash = event.type === 'view' ? await this.store.visitorHash(day, visitor.ip, visitor.userAgent) : '';
    await this.store.record(profileId, day, event.type, visitorHash, event.challengeId);
  }

  /**
   * The last `days` UTC days of the caller's page, today last. Days still in Redis are read live
   * (they are never behind the table); older ones come from `page_daily_stats`. Someone else's page
   * is 403 and an unknown one 404 (API.md's "owner" rule).
   */
  async insights({ userId, profileId, days }: PageInsightsQuery, now = Date.now()): Promise<PageInsights> {
    const page = await this.profiles.findById(profileId);
    ownedOrThrow(page, userId);
    const dates = Array.from({ length: days }, (_, i) => utcDay(now - (days - 1 - i) * DAY_MS));
    const [stored, challenges] = await Promise.all([
      this.stats.list(profileId, dates[0]!, dates.at(-1)!),
      this.challenges.listByProfileId(profileId),
    ]);
    let live = new Map<string, DayCounts>();
    try {
      live = await this.store.read(profileId, dates);
    } catch (err) {
      // Redis away: the owner still sees what the worker has stored.
      this.logger.warn({ err, profileId }, 'live insights unavailable; showing stored days only');
    }
    const picks = new Map<string, number>();
    const list: PageInsightsDay[] = dates.map((date) => {
      const counts = live.get(date) ?? stored.get(date);
      for (const [id, n] of Object.entries(counts?.challengePicks ?? {})) picks.set(id, (picks.get(id) ?? 0) + n);
      return {
        date,
        views: counts?.views ?? 0,
        uniqueVisitors: counts?.uniqueVisitors ?? 0,
        shares: counts?.shares ?? 0,
        donateClicks: counts?.donateClicks ?? 0,
        challengePicks: Object.values(counts?.challengePicks ?? {}).reduce((a, b) => a + b, 0),
      };
    });
    const sum = (key: 'views' | 'shares' | 'donateClicks' | 'challengePicks') =>
      list.reduce((total, day) => total + day[key], 0);
    return {
      days: list,
      totals: {
        views: sum('views'),
        shares: sum('shares'),
        donateClicks: sum('donateClicks'),
        challengePicks: sum('challengePicks'),
      },
      challenges: challenges.map((c) => ({ id: c.id, description: c.description, picks: picks.get(c.id) ?? 0 })),
    };
  }

  /**
   * Every day counted for a page, for the owner's data export: the stored days, with the days still
   * in Redis read live (Redis away: stored days only). Days with challenge picks name the challenge
   * by id; counts only, nothing about a visitor.
   */
  async exportOf(profileId: string, now = Date.now()): Promise<ExportedPageDay[]> {
    const days = new Map(await this.stats.listAll(profileId));
    const liveDays = Math.ceil(PageInsightsStore.KEEP_SECONDS / 86_400) + 1;
    const recent = Array.from({ length: liveDays }, (_, i) => utcDay(now - (liveDays - 1 - i) * DAY_MS));
    try {
      for (const [day, counts] of await this.store.read(profileId, recent)) days.set(day, counts);
    } catch (err) {
      this.logger.warn({ err, profileId }, 'live insights unavailable; exporting stored days only');
    }
    return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, counts]) => ({ date, ...counts }));
  }

  /**
   * Copies every page-day counted since the last flush from Redis to `page_daily_stats` (the profiles
   * worker, periodically). Safe with several workers: each entry is taken by one, and the rows hold
   * absolute figures. Returns how many page-days were written.
   */
  async flush(batch = 200): Promise<number> {
    let written = 0;
    for (;;) {
      const entries = await this.store.takeDirty(batch);
      if (entries.length === 0) return written;
      try {
        for (const { profileId, day } of entries) {
          const counts = (await this.store.read(profileId, [day])).get(day);
          if (counts) await this.stats.save(profileId, day, counts);
          written += 1;
        }
      } catch (err) {
        await this.store.markDirty(entries).catch(() => undefined);
        throw err;
      }
      if (entries.length < batch) return written;
    }
  }
}
