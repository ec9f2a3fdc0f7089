// Boots the fitness service (NATS handlers) and its sync workers in-process against a Strava
// emulator, on the jest run's own database, NATS prefix and Redis prefix.
import { jetstream } from '@nats-io/jetstream';
import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FITNESS, PROFILES_EVENTS } from '@runpledge/contracts';
import { startStravaEmulator, type RateLimits, type StravaEmulator } from '@runpledge/emulators';
import { bootstrapService, eventSubject } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventually, natsRequester } from '../../../scripts/jest/helpers.mjs';

export interface SeededAthlete {
  athlete: { id: number };
  access_token: string;
  refresh_token: string;
  expires_at: number;
}

export async function startFitnessHarness(
  options: { limits?: Partial<RateLimits>; env?: Record<string, string> } = {},
) {
  const emulator: StravaEmulator = await startStravaEmulator({
    port: 0,
    clientId: 'local-client',
    clientSecret: 'local-secret',
    defaultAthleteActivities: null,
    limits: options.limits,
  });
  // jest shares process.env between test files: every setting a file depends on is set here, and put back on close.
  const savedEnv = { ...process.env };
  Object.assign(process.env, {
    STRAVA_BASE_URL: emulator.url,
    REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'rp:'}${randomUUID().slice(0, 8)}:`,
    // No gateway here for Strava to validate a webhook callback against.
    STRAVA_WEBHOOK_SUBSCRIBE: 'false',
    SYNC_WORKER_CONCURRENCY: '8',
    STRAVA_RATE_WINDOW_SECONDS: '900',
    STRAVA_RATE_LIMIT_SHORT: '100000',
    STRAVA_RATE_LIMIT_DAILY: '1000000',
    ...options.env,
  });
  // Config is read when the modules load: after the environment above is set.
  const { AppModule } = await import('../src/app.module.js');
  const { WorkerModule } = await import('../src/worker.module.js');
  const service: INestMicroservice = await bootstrapService('fitness', AppModule);
  const workers: INestApplicationContext[] = [];
  const startWorker = async () => {
    const worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
    await worker.init();
    workers.push(worker);
    return worker;
  };
  const nats = await natsRequester();
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  // Every emulator numbers its athletes from the same start: each file begins and ends with no Strava
  // links, so no other test's emulator athletes look taken.
  const forgetStravaLinks = () => db.query('TRUNCATE fitness.strava_connections, fitness.activities');
  await forgetStravaLinks();
  // The id Strava gave our push subscription: events must carry it (there is no gateway here to subscribe).
  const webhookSubscriptionId = 4242;
  await db.query('DELETE FROM fitness.strava_webhook_subscriptions');
  await db.query('INSERT INTO fitness.strava_webhook_subscriptions (subscription_id, callback_url) VALUES ($1, $2)', [
    webhookSubscriptionId,
    'http://localhost:3000/api/webhooks/strava',
  ]);

  const rpc = async <T = unknown>(pattern: string, data: unknown): Promise<T> => {
    const reply = (await nats.request(pattern, data, 20_000)) as { response?: T; err?: unknown };
    if (reply.err) throw new Error(`${pattern} failed: ${JSON.stringify(reply.err)}`);
    return reply.response as T;
  };
  const rpcError = async (pattern: string, data: unknown) => {
    const reply = (await nats.request(pattern, data, 20_000)) as {
      err?: { status: number; code: string; message: string };
    };
    return reply.err;
  };
  const emulatorCall = async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  /** A user with a runner page fitness has heard of (through profiles' created event). */
  const newRunner = async () => {
    const userId = randomUUID();
    const profileId = randomUUID();
    const urlSlug = `runner-${profileId.slice(0, 8)}`;
    const envelope = {
      id: randomUUID(),
      type: PROFILES_EVENTS.profileCreated.type,
      occurredAt: new Date().toISOString(),
      payload: { profileId, userId, urlSlug },
    };
    await jetstream(nats.nc).publish(eventSubject(envelope.type), JSON.stringify(envelope), { msgID: envelope.id });
    await eventually(async () => {
      const { rows } = await db.query('SELECT 1 FROM fitness.fitness_profiles WHERE profile_id = $1', [profileId]);
      if (rows.length === 0) throw new Error('page not copied yet');
    });
    return { userId, profileId, urlSlug };
  };

  const seedAthlete = (activities: number) =>
    emulatorCall<SeededAthlete>('POST', '/_emulator/athletes', { activities });

  /** Connects a seeded athlete with the spec 7 payload (Strava checks the tokens). */
  const connect = (userId: string, seeded: SeededAthlete) =>
    rpc(FITNESS.strava.connect, {
      userId,
      stravaAccessToken: seeded.access_token,
      stravaRefreshToken: seeded.refresh_token,
      stravaAthleteId: String(seeded.athlete.id),
      stravaTokenExpiresAt: new Date(seeded.expires_at * 1000).toISOString(),
    });
  /** The setup step, which queues the backfill. */
  const setUp = (userId: string, trainingStartDate = '2000-01-01') =>
    rpc(FITNESS.strava.completeSetup, { userId, trainingStartDate, publicDisplayConsent: true });
  const connectAndSetUp = async (userId: string, seeded: SeededAthlete, trainingStartDate?: string) => {
    await connect(userId, seeded);
    await setUp(userId, trainingStartDate);
  };

  const countActivities = async (userId: string, source = 'strava'): Promise<number> => {
    const { rows } = await db.query(
      'SELECT count(*)::int AS n FROM fitness.activities WHERE user_id = $1 AND source = $2',
      [userId, source],
    );
    return rows[0].n;
  };

  return {
    emulator,
    webhookSubscriptionId,
    rpc,
    rpcError,
    emulatorCall,
    newRunner,
    seedAthlete,
    connect,
    setUp,
    connectAndSetUp,
    countActivities,
    db,
    startWorker,
    workers,
    async stopWorker(worker: INestApplicationContext) {
      workers.splice(workers.indexOf(worker), 1);
      await worker.close();
    },
    async close() {
      await Promise.all(workers.splice(0).map((w) => w.close()));
      await service.close();
      await nats.close();
      await forgetStravaLinks();
      await db.end();
      await emulator.close();
      process.env = savedEnv;
    },
  };
}
export type FitnessHarness = Awaited<ReturnType<typeof startFitnessHarness>>;
