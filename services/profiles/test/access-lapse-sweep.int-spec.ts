// The access-lapse sweep is the profiles worker's repeatable job: the API replicas start no timer,
// and the worker runs it at the configured interval, one scheduler however many workers start.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { PROFILES, TEAMS, type Profile } from '@runpledge/contracts';
import { bootstrapService } from '@runpledge/server-kit';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { eventually, natsRequester } from '../../../scripts/jest/helpers.mjs';
import { grantLifetimeAccess, profilesRpc } from './profiles-rpc.js';

jest.setTimeout(120_000);

const EVERY_SECONDS = 1;

describe('the access-lapse sweep', () => {
  let service: INestMicroservice;
  const workers: INestApplicationContext[] = [];
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let db: pg.Pool;
  const { ok } = profilesRpc(() => nats);

  /** Whether the owner's team membership counts in the team's sums (their page published there). */
  const counted = async (userId: string): Promise<boolean> => {
    const { rows } = await db.query<{ published: boolean }>(
      'SELECT published FROM profiles.team_members WHERE user_id = $1',
      [userId],
    );
    return rows[0]!.published;
  };

  async function startWorker(): Promise<void> {
    const { WorkerModule } = await import('../src/worker.module.js');
    const worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
    workers.push(worker);
    await worker.init();
  }

  beforeAll(async () => {
    process.env.ACCESS_LAPSE_SWEEP_EVERY_SECONDS = String(EVERY_SECONDS);
    const { AppModule } = await import('../src/app.module.js');
    service = await bootstrapService('profiles', AppModule);
    nats = await natsRequester();
    db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  });

  afterAll(async () => {
    for (const worker of workers) await worker.close();
    await nats?.close();
    await db?.end();
    await service?.close();
  });

  it('takes a captain whose past-due grace ran out out of the team sums from the worker, never from the API process', async () => {
    const userId = randomUUID();
    await grantLifetimeAccess(db, userId);
    const page = await ok<Profile>(PROFILES.profile.create, {
      userId,
      profile: {
        urlSlug: `lapse-${Date.now().toString(36)}-${randomUUID().slice(0, 6)}`,
        name: 'Jane Doe',
        marathonName: 'Chicago Marathon',
        marathonDate: '2027-10-10',
        description: 'Running for the kids.',
        donationPlatform: 'other',
        charityLink: 'https://charity.example.org/donate',
        challenges: [],
      },
    });
    await ok(TEAMS.create, {
      userId,
      team: {
        slug: `lapse-${randomUUID().slice(0, 8)}`,
        name: 'Kids Run Club',
        charityName: 'Kids Charity',
        marathonName: 'Chicago Marathon',
        marathonDate: '2027-10-10',
        currency: 'USD',
        goalAmount: 10000,
        joinRule: 'open',
        captainProfileId: page.id,
      },
    });
    expect(await counted(userId)).toBe(true);

    // Billing said "past due" long ago and nothing since: the grace ran out with no event to say so.
    await db.query(
      `UPDATE profiles.owner_access SET status = 'past_due', current_period_end = now() - interval '60 days'
        WHERE user_id = $1`,
      [userId],
    );
    // Only the API process runs: several sweep intervals pass and nothing sweeps.
    await sleep(EVERY_SECONDS * 3_500);
    expect(await counted(userId)).toBe(true);

    // Two worker replicas: the sweep runs, and one scheduler drives it at the configured interval.
    await startWorker();
    await startWorker();
    await eventually(async () => expect(await counted(userId)).toBe(false), { timeoutMs: 30_000 });

    const { ACCESS_LAPSE_SWEEP } = await import('../src/owner-access/access-lapse.processor.js');
    const { bullConnection, bullPrefix } = await import('../src/fundraising-totals/totals-queue.js');
    const queue = new Queue(ACCESS_LAPSE_SWEEP, { connection: bullConnection(), prefix: bullPrefix() });
    try {
      expect(await queue.getJobSchedulers()).toEqual([
        expect.objectContaining({ key: ACCESS_LAPSE_SWEEP, every: EVERY_SECONDS * 1000 }),
      ]);
    } finally {
      await queue.close();
    }
  });
});
