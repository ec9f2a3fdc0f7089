// The profiles service and its totals-sync worker in-process, with DonorDrive and JustGiving
// emulators of their own, on the jest worker's database and NATS prefix and a Redis prefix of their
// own: the set-up of the tests that read totals from the donation platforms.
import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { PROFILES, type Profile } from '@runpledge/contracts';
import { startDonorDriveEmulator, startJustGivingEmulator, type PlatformEmulator } from '@runpledge/emulators';
import { bootstrapService } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { natsRequester, SAMPLE_RUNNER } from '../../../scripts/jest/helpers.mjs';
import { addAccount, profilesRpc } from './profiles-rpc.js';

export interface PlatformsHarness {
  donorDrive: PlatformEmulator;
  justGiving: PlatformEmulator;
  service: INestMicroservice;
  worker: INestApplicationContext;
  nats: Awaited<ReturnType<typeof natsRequester>>;
  db: pg.Pool;
  /** Calls an emulator's control API; throws on an answer other than 2xx. */
  control<T = unknown>(emulator: PlatformEmulator, method: string, path: string, body?: unknown): Promise<T>;
  /** A published page of a new owner (with an account to mail) on the given platform. */
  createPage(platform: Record<string, unknown>): Promise<{ userId: string; email: string; profile: Profile }>;
  /** Stops it all and gives the process its environment back. */
  stop(): Promise<void>;
}

/** `env` (the totals settings of the test) is set before the service's modules load and read it. */
export async function startProfilesWithPlatforms(env: Record<string, string>): Promise<PlatformsHarness> {
  const savedEnv = { ...process.env };
  const donorDrive = await startDonorDriveEmulator({ port: 0 });
  const justGiving = await startJustGivingEmulator({ port: 0, apiKey: 'test-jg-key' });
  Object.assign(process.env, {
    REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'rp:'}${randomUUID().slice(0, 8)}:`,
    DONORDRIVE_BASE_URL: donorDrive.url,
    JUSTGIVING_API_URL: justGiving.url,
    JUSTGIVING_API_KEY: 'test-jg-key',
    PLATFORM_EMULATOR_ORIGINS: `${donorDrive.url},${justGiving.url}`,
    ...env,
  });
  const { AppModule } = await import('../src/app.module.js');
  const { WorkerModule } = await import('../src/worker.module.js');
  const service = await bootstrapService('profiles', AppModule);
  const worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
  await worker.init();
  const nats = await natsRequester();
  const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  const { ok } = profilesRpc(() => nats, 10_000);

  return {
    donorDrive,
    justGiving,
    service,
    worker,
    nats,
    db,
    async control<T = unknown>(emulator: PlatformEmulator, method: string, path: string, body?: unknown) {
      const res = await fetch(`${emulator.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
      return (await res.json()) as T;
    },
    async createPage(platform) {
      const userId = randomUUID();
      const email = `${userId}@runner.example`;
      await addAccount(db, userId, email);
      await db.query(
        `INSERT INTO profiles.owner_access (user_id, status, current_period_end, changed_at) VALUES ($1, 'active', now() + interval '30 days', now())`,
        [userId],
      );
      const profile = await ok<Profile>(PROFILES.profile.create, {
        userId,
        profile: { urlSlug: `totals-${randomUUID().slice(0, 12)}`, ...SAMPLE_RUNNER, ...platform },
      });
      return { userId, email, profile };
    },
    async stop() {
      await nats.close();
      await db.end();
      await worker.close();
      await service.close();
      await donorDrive.close();
      await justGiving.close();
      process.env = savedEnv;
    },
  };
}
