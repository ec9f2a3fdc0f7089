import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { PROFILES, RUNNER_PROFILE_NOT_FOUND, type PageInsights, type Profile } from '@runpledge/contracts';
import { bootstrapService, REDIS } from '@runpledge/server-kit';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { natsRequester } from '../../../scripts/jest/helpers.mjs';
import { grantLifetimeAccess, profilesRpc } from './profiles-rpc.js';
import { AppModule } from '../src/app.module.js';
import { PageInsightsService } from '../src/page-insights/page-insights.service.js';

jest.setTimeout(60_000);

const today = () => new Date().toISOString().slice(0, 10);

describe('owner insights over NATS', () => {
  let service: INestMicroservice;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let db: pg.Pool;
  let redis: Redis;

  const { call, ok } = profilesRpc(() => nats);
  const event = (profileId: string, type: string, ip = '203.0.113.7', userAgent = 'Firefox', challengeId?: string) =>
    call<{ recorded: true }>(PROFILES.insights.recordEvent, {
      profileId,
      event: { type, ...(challengeId ? { challengeId } : {}) },
      visitor: { ip, userAgent },
    });
  const insights = (userId: string, profileId: string, days = 30) =>
    call<PageInsights>(PROFILES.insights.get, { userId, profileId, days });

  async function page(published: boolean) {
    const userId = randomUUID();
    if (published) await grantLifetimeAccess(db, userId);
    const profile = await ok<Profile>(PROFILES.profile.create, {
      userId,
      profile: {
        urlSlug: `insights-${Date.now().toString(36)}-${randomUUID().slice(0, 6)}`,
        name: 'Jane Doe',
        marathonName: 'Chicago Marathon',
        marathonDate: '2027-10-10',
        description: 'Running for the kids.',
        donationPlatform: 'justgiving',
        justGivingPageShortName: 'jane-runs',
        challenges: [
          { amount: 25, description: 'Pick a song', isExclusive: false },
          { amount: 50, description: 'Wear a cape', isExclusive: false },
        ],
      },
    });
    return { userId, profile };
  }

  beforeAll(async () => {
    service = await bootstrapService('profiles', AppModule);
    nats = await natsRequester();
    db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    redis = service.get<Redis>(REDIS);
  });

  afterAll(async () => {
    await nats.close();
    await db.end();
    await service.close();
  });

  it('counts views, shares, donate clicks and challenge choices, and each visitor once a day', async () => {
    const { userId, profile } = await page(true);
    const [song, cape] = profile.fundraisingChallenges;
    // Three visitors: one of them loads the page three times.
    for (const [ip, ua] of [
      ['203.0.113.7', 'Firefox'],
      ['203.0.113.7', 'Firefox'],
      ['203.0.113.7', 'Firefox'],
      ['203.0.113.8', 'Firefox'],
      ['203.0.113.7', 'Safari'],
    ])
      expect((await event(profile.id, 'view', ip, ua)).response).toEqual({ recorded: true });
    await event(profile.id, 'share');
    await event(profile.id, 'donate');
    await event(profile.id, 'donate');
    await event(profile.id, 'challenge', undefined, undefined, song!.id);
    await event(profile.id, 'challenge', undefined, undefined, song!.id);
    await event(profile.id, 'challenge', undefined, undefined, cape!.id);

    const { response } = await insights(userId, profile.id);
    expect(response!.days).toHaveLength(30);
    expect(response!.days.at(-1)).toEqual({
      date: today(),
      views: 5,
      uniqueVisitors: 3,
      shares: 1,
      donateClicks: 2,
      challengePicks: 3,
    });
    expect(response!.days.slice(0, -1).every((d) => d.views === 0)).toBe(true);
    expect(response!.totals).toEqual({ views: 5, shares: 1, donateClicks: 2, challengePicks: 3 });
    expect(response!.challenges).toEqual([
      { id: song!.id, description: 'Pick a song', picks: 2 },
      { id: cape!.id, description: 'Wear a cape', picks: 1 },
    ]);
    // No IP or user agent is kept anywhere in Redis: only counts and the HyperLogLog's registers.
    const keys = await redis.keys(`${process.env.REDIS_PREFIX ?? 'rp:'}insights:${profile.id}:*`);
    for (const key of keys) {
      const dump = (await redis.dump(key))?.toString('latin1') ?? '';
      expect(dump).not.toContain('203.0.113');
      expect(dump).not.toContain('Firefox');
    }
  });

  it('refuses events of unknown and unpublished pages, and challenges of other pages', async () => {
    const unpublished = await page(false);
    const other = await page(true);
    const mine = await page(true);
    expect((await event(unpublished.profile.id, 'view')).err).toMatchObject({
      status: 404,
      message: RUNNER_PROFILE_NOT_FOUND,
    });
    expect((await event(randomUUID(), 'view')).err).toMatchObject({ status: 404 });
    const foreign = other.profile.fundraisingChallenges[0]!.id;
    expect((await event(mine.profile.id, 'challenge', undefined, undefined, foreign)).err).toMatchObject({
      status: 404,
    });
    expect((await event(mine.profile.id, 'bounce')).err).toMatchObject({ status: 400 });
    expect((await insights(mine.userId, mine.profile.id)).response!.totals.challengePicks).toBe(0);
  });

  it('answers the owner only: anyone else is refused (403), an unknown page is not found', async () => {
    const { profile } = await page(true);
    expect((await insights(randomUUID(), profile.id)).err).toMatchObject({ status: 403 });
    expect((await insights(randomUUID(), randomUUID())).err).toMatchObject({ status: 404 });
  });

  it('flushes the live counters to page_daily_stats, which answer once Redis has let the day go', async () => {
    const { userId, profile } = await page(true);
    await event(profile.id, 'view', '198.51.100.1');
    await event(profile.id, 'view', '198.51.100.2');
    await event(profile.id, 'share');
    const flusher = service.get(PageInsightsService);
    expect(await flusher.flush()).toBeGreaterThanOrEqual(1);
    const { rows } = await db.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, views, unique_visitors, shares, donate_clicks, challenge_picks
       FROM profiles.page_daily_stats WHERE profile_id = $1`,
      [profile.id],
    );
    expect(rows).toEqual([
      { day: today(), views: 2, unique_visitors: 2, shares: 1, donate_clicks: 0, challenge_picks: {} },
    ]);
    // Later events are copied by the next flush; a repeated flush gives the same row.
    await event(profile.id, 'view', '198.51.100.1');
    await flusher.flush();
    await flusher.flush();
    const again = await db.query(`SELECT views, unique_visitors FROM profiles.page_daily_stats WHERE profile_id = $1`, [
      profile.id,
    ]);
    expect(again.rows).toEqual([{ views: 3, unique_visitors: 2 }]);

    // The day expires from Redis: the stored row still answers.
    await redis.del(
      `${process.env.REDIS_PREFIX ?? 'rp:'}insights:${profile.id}:${today()}`,
      `${process.env.REDIS_PREFIX ?? 'rp:'}insights:${profile.id}:${today()}:u`,
    );
    const { response } = await insights(userId, profile.id, 7);
    expect(response!.days).toHaveLength(7);
    expect(response!.days.at(-1)).toMatchObject({ views: 3, uniqueVisitors: 2, shares: 1 });
  });

  it('drops the stored days with the page', async () => {
    const { userId, profile } = await page(true);
    await event(profile.id, 'view');
    await service.get(PageInsightsService).flush();
    await ok(PROFILES.profile.delete, { userId, profileId: profile.id });
    const { rows } = await db.query(`SELECT 1 FROM profiles.page_daily_stats WHERE profile_id = $1`, [profile.id]);
    expect(rows).toEqual([]);
  });

  it('drops the live counters in Redis with the page, as the deletion event arrives', async () => {
    const { userId, profile } = await page(true);
    await event(profile.id, 'view');
    await event(profile.id, 'share');
    const pattern = `${process.env.REDIS_PREFIX ?? 'rp:'}insights:${profile.id}:*`;
    expect((await redis.keys(pattern)).sort()).toHaveLength(2);
    await ok(PROFILES.profile.delete, { userId, profileId: profile.id });
    const deadline = Date.now() + 30_000;
    let left = await redis.keys(pattern);
    while (left.length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      left = await redis.keys(pattern);
    }
    expect(left).toEqual([]);
    const dirty = await redis.smembers(`${process.env.REDIS_PREFIX ?? 'rp:'}insights:dirty`);
    expect(dirty.filter((member) => member.startsWith(profile.id))).toEqual([]);
  });

  it("lists every counted day of the user's pages in their data export, stored and live", async () => {
    const { userId, profile } = await page(true);
    const [song] = profile.fundraisingChallenges;
    await event(profile.id, 'view', '192.0.2.1');
    await event(profile.id, 'challenge', undefined, undefined, song!.id);
    await service.get(PageInsightsService).flush();
    // An older day the worker stored long ago, and one more view today, not flushed yet.
    await db.query(
      `INSERT INTO profiles.page_daily_stats (profile_id, day, views, unique_visitors, shares, donate_clicks, challenge_picks)
       VALUES ($1, '2026-01-02', 7, 4, 2, 1, '{}'::jsonb)`,
      [profile.id],
    );
    await event(profile.id, 'view', '192.0.2.2');
    const exported = await ok<{ pages: Array<{ id: string; dailyStats: unknown }> }>(PROFILES.account.export, {
      userId,
    });
    expect(exported.pages.map((p) => p.id)).toEqual([profile.id]);
    expect(exported.pages[0]!.dailyStats).toEqual([
      { date: '2026-01-02', views: 7, uniqueVisitors: 4, shares: 2, donateClicks: 1, challengePicks: {} },
      {
        date: today(),
        views: 2,
        uniqueVisitors: 2,
        shares: 0,
        donateClicks: 0,
        challengePicks: { [song!.id]: 1 },
      },
    ]);
    const dump = JSON.stringify(exported);
    expect(dump).not.toContain('192.0.2');
  });
});
