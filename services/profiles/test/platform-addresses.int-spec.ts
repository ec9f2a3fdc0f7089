// DonorDrive event URLs are fetched by the totals sync: addresses inside our network are refused when
// a page is saved, in every environment, and only the emulators' origins listed in
// PLATFORM_EMULATOR_ORIGINS are let through. The profiles service in-process, over NATS.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { PROFILES, type Profile } from '@runpledge/contracts';
import { bootstrapService } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { natsRequester } from '../../../scripts/jest/helpers.mjs';

jest.setTimeout(30_000);

type Reply<T> = { response?: T; err?: { status: number; code: string; message: string } };
const EMULATOR_ORIGIN = 'http://127.0.0.1:12113';

describe('platform addresses when a page is saved', () => {
  let service: INestMicroservice;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let db: pg.Pool;
  const savedEnv = { ...process.env };

  const call = <T>(pattern: string, data: unknown) => nats.request(pattern, data, 10_000) as Promise<Reply<T>>;
  const pageFields = (donorDriveEventUrl: string) => ({
    urlSlug: `addr-${randomUUID().slice(0, 12)}`,
    name: 'Jane Doe',
    marathonName: 'Chicago Marathon',
    marathonDate: '2027-10-10',
    description: 'Running for the kids.',
    donationPlatform: 'donordrive',
    donorDriveEventUrl,
    donorDriveParticipantId: '4025',
  });
  async function owner(): Promise<string> {
    const userId = randomUUID();
    await db.query(`INSERT INTO profiles.accounts (user_id, email, registered_at) VALUES ($1, $2, now())`, [
      userId,
      `${userId}@runner.example`,
    ]);
    return userId;
  }

  beforeAll(async () => {
    // Not production (jest's NODE_ENV): the rule holds all the same.
    expect(process.env.NODE_ENV).not.toBe('production');
    process.env.PLATFORM_EMULATOR_ORIGINS = EMULATOR_ORIGIN;
    delete process.env.DONORDRIVE_BASE_URL;
    const { AppModule } = await import('../src/app.module.js');
    service = await bootstrapService('profiles', AppModule);
    nats = await natsRequester();
    db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  });

  afterAll(async () => {
    await nats?.close();
    await db?.end();
    await service?.close();
    process.env = savedEnv;
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'https://169.254.169.254/latest/meta-data/',
    'http://127.0.0.1:8222/varz',
    'https://127.0.0.1:8222/varz',
    'https://10.0.0.5/index.cfm?fuseaction=donorDrive.event&eventID=1',
    'https://172.16.3.4/',
    'https://192.168.1.10/',
    'https://[::1]/',
    'https://[::ffff:10.0.0.1]/',
    'https://localhost:4222/',
    'https://redis/',
  ])('refuses %s with a 400 naming the field, on create and on edit', async (url) => {
    const userId = await owner();
    const created = await call<Profile>(PROFILES.profile.create, { userId, profile: pageFields(url) });
    expect(created.err).toMatchObject({ status: 400 });
    expect(created.err?.message).toMatch(/^The DonorDrive event URL /);

    const page = await call<Profile>(PROFILES.profile.create, {
      userId,
      profile: pageFields('https://events.example.org/index.cfm?fuseaction=donorDrive.event&eventID=1'),
    });
    expect(page.err).toBeUndefined();
    const edited = await call<Profile>(PROFILES.profile.update, {
      userId,
      profileId: page.response!.id,
      changes: { donorDriveEventUrl: url },
    });
    expect(edited.err).toMatchObject({ status: 400 });
    expect(edited.err?.message).toMatch(/^The DonorDrive event URL /);
  });

  it('takes a public https address, and an emulator origin listed in PLATFORM_EMULATOR_ORIGINS', async () => {
    for (const url of [
      'https://www.extra-life.org/index.cfm?fuseaction=donorDrive.event&eventID=1',
      `${EMULATOR_ORIGIN}/index.cfm?fuseaction=donorDrive.event&eventID=1`,
    ]) {
      const saved = await call<Profile>(PROFILES.profile.create, { userId: await owner(), profile: pageFields(url) });
      expect(saved.err).toBeUndefined();
      expect(saved.response?.donorDriveEventUrl).toBe(url);
    }
  });
});
