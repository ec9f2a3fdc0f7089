// A donation platform that answers one byte at a time: its pages must not hold up other platforms'
// pages, and each of its requests ends at the absolute deadline. The profiles service and its
// totals-sync worker in-process, on the jest run's own database, NATS prefix and Redis prefix.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { PROFILES, type Profile, type PublicProfileView } from '@runpledge/contracts';
import {
  startDonorDriveEmulator,
  startJustGivingEmulator,
  type PlatformEmulator,
  type TrickledAnswer,
} from '@runpledge/emulators';
import { bootstrapService } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventually, natsRequester } from '../../../scripts/jest/helpers.mjs';

jest.setTimeout(90_000);

type Reply<T> = { response?: T; err?: { status: number; code: string; message: string } };
/** The absolute deadline of one platform request in this file. */
const DEADLINE_MS = 1_500;
/** A trickled participant answer (a few hundred bytes) would take far longer than the deadline. */
const TRICKLE_EVERY_MS = 100;

describe('a slow donation platform', () => {
  let donorDrive: PlatformEmulator;
  let justGiving: PlatformEmulator;
  let service: INestMicroservice;
  let worker: INestApplicationContext;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let db: pg.Pool;
  const savedEnv = { ...process.env };

  async function ok<T>(pattern: string, data: unknown): Promise<T> {
    const reply = (await nats.request(pattern, data, 10_000)) as Reply<T>;
    if (reply.err) throw new Error(`${pattern}: ${reply.err.status} ${reply.err.message}`);
    return reply.response as T;
  }
  async function control<T = unknown>(emulator: PlatformEmulator, method: string, path: string, body?: unknown) {
    const res = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
    return (await res.json()) as T;
  }

  async function createPage(platform: Record<string, unknown>): Promise<Profile> {
    const userId = randomUUID();
    await db.query(`INSERT INTO profiles.accounts (user_id, email, registered_at) VALUES ($1, $2, now())`, [
      userId,
      `${userId}@runner.example`,
    ]);
    await db.query(
      `INSERT INTO profiles.owner_access (user_id, status, current_period_end, changed_at) VALUES ($1, 'active', now() + interval '30 days', now())`,
      [userId],
    );
    return ok<Profile>(PROFILES.profile.create, {
      userId,
      profile: {
        urlSlug: `slow-${randomUUID().slice(0, 12)}`,
        name: 'Jane Doe',
        marathonName: 'Chicago Marathon',
        marathonDate: '2027-10-10',
        description: 'Running for the kids.',
        ...platform,
      },
    });
  }

  beforeAll(async () => {
    donorDrive = await startDonorDriveEmulator({ port: 0 });
    justGiving = await startJustGivingEmulator({ port: 0, apiKey: 'test-jg-key' });
    Object.assign(process.env, {
      REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'rp:'}${randomUUID().slice(0, 8)}:`,
      DONORDRIVE_BASE_URL: donorDrive.url,
      JUSTGIVING_API_URL: justGiving.url,
      JUSTGIVING_API_KEY: 'test-jg-key',
      PLATFORM_EMULATOR_ORIGINS: `${donorDrive.url},${justGiving.url}`,
      // Three jobs at once, of which one host may hold one.
      TOTALS_SYNC_CONCURRENCY: '3',
      TOTALS_PER_HOST_CONCURRENCY: '1',
      TOTALS_HOST_BUSY_DELAY_MS: '200',
      TOTALS_REQUEST_TIMEOUT_MS: String(DEADLINE_MS),
      TOTALS_RETRY_DELAY_MS: '60000',
      TOTALS_MIN_INTERVAL_MS: '300',
      TOTALS_SYNC_EVERY_SECONDS: '86400',
    });
    const { AppModule } = await import('../src/app.module.js');
    const { WorkerModule } = await import('../src/worker.module.js');
    service = await bootstrapService('profiles', AppModule);
    worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
    await worker.init();
    nats = await natsRequester();
    db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  });

  afterAll(async () => {
    await nats?.close();
    await db?.end();
    await worker?.close();
    await service?.close();
    await donorDrive?.close();
    await justGiving?.close();
    process.env = savedEnv;
  });

  it("a trickling host's pages do not stop another host's pages from syncing, and each trickle is cut at the deadline", async () => {
    await control(donorDrive, 'POST', '/_emulator/trickle', { everyMs: TRICKLE_EVERY_MS, path: '/api/participants/' });
    // More trickling pages than the worker has slots, and enough of them (one at a time, each cut at
    // the deadline) that the slow host keeps trickling for about 18 s: long enough, on a busy machine,
    // for the other host's page to be created and synced meanwhile.
    for (let i = 0; i < 12; i++) {
      const participant = await control<{ participantID: number }>(donorDrive, 'POST', '/_emulator/pages', {
        goal: 1000,
      });
      await createPage({
        donationPlatform: 'donordrive',
        donorDriveEventUrl: 'https://events.example.org/index.cfm?fuseaction=donorDrive.event&eventID=1',
        donorDriveParticipantId: String(participant.participantID),
      });
    }
    await eventually(async () => {
      const { trickling } = await control<{ trickling: number }>(donorDrive, 'GET', '/_emulator/trickle');
      expect(trickling).toBeGreaterThan(0);
    });

    const shortName = `slow-jg-${randomUUID().slice(0, 8)}`;
    await control(justGiving, 'POST', '/_emulator/pages', { shortName, goal: 800 });
    await control(justGiving, 'POST', `/_emulator/pages/${shortName}/donations`, { amount: 42 });
    const other = await createPage({ donationPlatform: 'justgiving', justGivingPageShortName: shortName });

    // At one moment the slow host is still trickling and the other host's page shows its new total.
    await eventually(
      async () => {
        const { trickling } = await control<{ trickling: number }>(donorDrive, 'GET', '/_emulator/trickle');
        const view = await ok<PublicProfileView>(PROFILES.profile.getBySlug, { slug: other.urlSlug });
        expect(view.fundsRaised).toBe('42.00');
        expect(trickling).toBeGreaterThan(0);
      },
      { timeoutMs: 15_000, intervalMs: 200 },
    );

    // Each trickled answer was cut by the client at the deadline, long before its last byte.
    let ended: TrickledAnswer[] = [];
    await eventually(
      async () => {
        const { answers } = await control<{ answers: TrickledAnswer[] }>(donorDrive, 'GET', '/_emulator/trickle');
        ended = answers.filter((a) => a.endedAt !== undefined);
        expect(ended.length).toBeGreaterThan(0);
      },
      { timeoutMs: 15_000, intervalMs: 200 },
    );
    for (const answer of ended) {
      expect(answer.cut).toBe(true);
      expect(answer.sent).toBeLessThan(answer.size);
      const tookMs = Date.parse(answer.endedAt!) - Date.parse(answer.startedAt);
      // Measured from the emulator's side, which starts a little after the client's clock.
      expect(tookMs).toBeGreaterThanOrEqual(DEADLINE_MS - 500);
      expect(tookMs).toBeLessThan(DEADLINE_MS + 5_000);
      expect(DEADLINE_MS + 5_000).toBeLessThan(answer.size * TRICKLE_EVERY_MS);
    }
  });
});
