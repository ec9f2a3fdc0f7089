// Community's one-time copy of the pages that existed before it, on a database where profiles holds
// pages, owners' access, runners' distances and a deleted account: the copy takes them all, and
// running it again (or after events moved the copy on) changes nothing newer.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { PROFILES, type Profile } from '@runpledge/contracts';
import { bootstrapService, recordDeletedAccount } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { natsRequester, SAMPLE_RUNNER } from '../../../scripts/jest/helpers.mjs';
import { CopyPagesFromProfiles1798000000620 } from '../src/database/migrations/1798000000620-CopyPagesFromProfiles.js';

describe("community's one-time copy of the pages from profiles", () => {
  let profiles: INestMicroservice;
  let community: DataSource;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let db: pg.Client;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    Object.assign(process.env, { REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'rp:'}${randomUUID().slice(0, 8)}:` });
    const { AppModule } = await import('../../profiles/src/app.module.js');
    profiles = await bootstrapService('profiles', AppModule);
    const { dataSourceOptions } = await import('../src/database/data-source.js');
    community = await new DataSource(dataSourceOptions).initialize();
    nats = await natsRequester();
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await nats?.close();
    await community?.destroy();
    await profiles?.close();
    process.env = savedEnv;
  });

  const copy = () =>
    community.transaction((manager) => new CopyPagesFromProfiles1798000000620().up(manager.queryRunner!));
  const createPage = async (userId: string, fields: Record<string, unknown>) => {
    const reply = (await nats.request(PROFILES.profile.create, {
      userId,
      profile: {
        urlSlug: `copy-${randomUUID().slice(0, 8)}`,
        ...SAMPLE_RUNNER,
        donationPlatform: 'other',
        charityLink: 'https://charity.example.org/donate',
        challenges: [],
        ...fields,
      },
    })) as { response?: { profile?: Profile } & Profile; err?: unknown };
    if (reply.err) throw new Error(JSON.stringify(reply.err));
    return reply.response as Profile;
  };
  const pageRow = async (profileId: string) =>
    (
      await db.query(
        `SELECT user_id, url_slug, name, funds_raised, fundraising_goal, total_donors, currency,
                totals_version::int, card_changed_at IS NOT NULL AS carded
           FROM community.pages WHERE profile_id = $1`,
        [profileId],
      )
    ).rows[0];

  it('copies every page with its card and totals, its owner access and runner distance, and the deleted accounts', async () => {
    const userId = randomUUID();
    const page = await createPage(userId, {
      name: 'Copy Runner',
      fundsRaised: 250.5,
      totalDonors: 6,
      fundraisingGoal: 2000,
      fundraisingCurrency: 'GBP',
    });
    await db.query(
      `UPDATE profiles.runner_profiles SET totals_version = 4 WHERE id = $1`, // as after four totals changes
      [page.id],
    );
    await db.query(
      `INSERT INTO profiles.owner_access (user_id, status, current_period_end, changed_at)
       VALUES ($1, 'past_due', '2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z')`,
      [userId],
    );
    await db.query(`INSERT INTO profiles.runner_distances (user_id, total_meters, version) VALUES ($1, 21097.5, 12)`, [
      userId,
    ]);
    const deleted = randomUUID();
    await profiles.get(DataSource).transaction((manager) => recordDeletedAccount(manager, deleted));

    await copy();

    expect(await pageRow(page.id)).toEqual({
      user_id: userId,
      url_slug: page.urlSlug,
      name: 'Copy Runner',
      funds_raised: '250.50',
      fundraising_goal: '2000.00',
      total_donors: 6,
      currency: 'GBP',
      totals_version: 4,
      carded: true,
    });
    expect(
      (await db.query(`SELECT status, current_period_end FROM community.owner_access WHERE user_id = $1`, [userId]))
        .rows[0],
    ).toEqual({ status: 'past_due', current_period_end: new Date('2026-11-01T00:00:00Z') });
    expect(
      (await db.query(`SELECT total_meters, version::int FROM community.runner_distances WHERE user_id = $1`, [userId]))
        .rows[0],
    ).toEqual({ total_meters: 21097.5, version: 12 });
    // The deleted account is dead to community too: a late event of theirs keeps nothing.
    expect(
      await community.transaction(async (manager) => {
        const { lockLiveAccount } = await import('@runpledge/server-kit');
        return lockLiveAccount(manager, deleted);
      }),
    ).toBe(false);
  });

  it('keeps what events moved on since, and a page deleted meanwhile stays deleted, when run again', async () => {
    const userId = randomUUID();
    const moved = await createPage(userId, { fundsRaised: 10, totalDonors: 1 });
    const gone = await createPage(userId, { fundsRaised: 5, totalDonors: 1 });
    await db.query(`INSERT INTO profiles.runner_distances (user_id, total_meters, version) VALUES ($1, 3000, 3)`, [
      userId,
    ]);
    await copy();
    // Events after the copy: newer totals for one page; the other deleted (a tombstone).
    await db.query(`UPDATE community.pages SET funds_raised = 99, totals_version = 7 WHERE profile_id = $1`, [
      moved.id,
    ]);
    await db.query(`UPDATE community.pages SET deleted_at = now(), name = NULL WHERE profile_id = $1`, [gone.id]);
    await db.query(`UPDATE community.runner_distances SET total_meters = 5, version = 50 WHERE user_id = $1`, [userId]);
    await copy();
    expect(await pageRow(moved.id)).toMatchObject({ funds_raised: '99.00', totals_version: 7 });
    expect(await pageRow(gone.id)).toMatchObject({ name: null });
    expect(
      (await db.query(`SELECT total_meters, version::int FROM community.runner_distances WHERE user_id = $1`, [userId]))
        .rows[0],
    ).toEqual({ total_meters: 5, version: 50 });
  });
});
