// What the Kubernetes and compose files rely on, with the real built processes: on SIGTERM a
// process turns readiness to 503, lets the requests it is handling finish, and exits 0; another
// replica in the same NATS queue group takes the new requests meanwhile. A slow request is a real
// one: reading a fitness profile while this test holds a lock on the table in PostgreSQL.
import { afterEach, describe, expect, it } from '@jest/globals';
import { FITNESS } from '@runpledge/contracts';
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventually, freePort, natsRequester } from '../../scripts/jest/helpers.mjs';
import { startProcess, startStack } from '../../scripts/lib/stack.mjs';
import { connect } from '@nats-io/transport-node';
import { createPage, grantAccess, signUp } from '../../services/gateway/test/support/stack-users.js';

type Proc = ReturnType<typeof startProcess>;
const PROFILE_ID = '0b5a2d6e-8a55-4c8e-9d8e-6a1f3f3c2d11';
const EMPTY_PROFILE = {
  stravaConnected: false,
  trainingStartDate: null,
  needsReconnect: false,
  lastSyncedAt: null,
  publicDisplayConsent: false,
};

/** Holds an exclusive lock on fitness.fitness_profiles: every read of it waits until `release`. */
async function lockFitnessProfiles() {
  const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
  const observer = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await Promise.all([holder.connect(), observer.connect()]);
  await holder.query('BEGIN');
  await holder.query('LOCK TABLE fitness.fitness_profiles IN ACCESS EXCLUSIVE MODE');
  let released = false;
  return {
    /**
     * This test's reads (the public training setup's query) in the fitness service process (not its
     * worker: application_name = the process) now waiting on the lock. Only those: whatever else the
     * new process does at start (an earlier test's page events, other reads of the table) may wait
     * here too.
     */
    async waiting(): Promise<number> {
      const { rows } = await observer.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'fitness' AND wait_event_type = 'Lock'
            AND query ILIKE 'SELECT c.training_start_date%'`,
      );
      return rows[0]!.n;
    },
    async release(): Promise<void> {
      if (released) return;
      released = true;
      await holder.query('COMMIT');
      await Promise.all([holder.end(), observer.end()]);
    },
  };
}

async function status(url: string): Promise<number | 'refused'> {
  try {
    const res = await fetch(url);
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 'refused';
  }
}

describe('graceful shutdown', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
  }, 60_000);

  it('a service finishes its in-flight requests after SIGTERM, its peer takes new ones, and it exits 0', async () => {
    const startFitness = async () => {
      const healthPort = await freePort();
      const proc: Proc = startProcess('fitness', {
        ...process.env,
        HEALTH_PORT: String(healthPort),
        SHUTDOWN_GRACE_MS: '5000',
      });
      cleanup.push(() => proc.stop());
      const health = `http://127.0.0.1:${healthPort}`;
      await eventually(async () => expect(await status(`${health}/readyz`)).toBe(200), { timeoutMs: 45_000 });
      return { proc, health };
    };
    const nats = await natsRequester();
    cleanup.push(() => nats.close());
    // The first two wait on the lock while replica B starts (up to 45 s on a loaded machine): their
    // wait is bounded by the test, not by a guess at how long a start takes.
    const get = () => nats.request(FITNESS.fitnessProfile.get, { profileId: PROFILE_ID }, 150_000);

    const a = await startFitness();
    const lock = await lockFitnessProfiles();
    cleanup.push(() => lock.release());
    // Two requests reach the only replica and wait on the lock inside it.
    const beforeSigterm = [get(), get()];
    await eventually(async () => expect(await lock.waiting()).toBe(2), { timeoutMs: 10_000 });
    const b = await startFitness();

    const sigtermAt = Date.now();
    a.proc.child.kill('SIGTERM');
    await eventually(async () => {
      const res = await fetch(`${a.health}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', failing: ['shutting down'] });
    });
    expect(await status(`${a.health}/healthz`)).toBe(200);
    // Unsubscribed, replica A gets no new request: these go to B (and wait on the lock there).
    await sleep(500);
    const afterSigterm = [get(), get()];
    await eventually(async () => expect(await lock.waiting()).toBe(4), { timeoutMs: 10_000 });
    expect(a.proc.child.exitCode).toBeNull();

    await lock.release();
    const replies = await Promise.all([...beforeSigterm, ...afterSigterm]);
    expect(replies).toEqual(Array(4).fill({ response: EMPTY_PROFILE, isDisposed: true, id: expect.any(String) }));
    expect(await a.proc.exited).toEqual({ code: 0, signal: null });
    // Within SHUTDOWN_GRACE_MS and well inside the pods' termination grace period.
    expect(Date.now() - sigtermAt).toBeLessThan(5000 + 3000);
    expect(await status(`${b.health}/readyz`)).toBe(200);
    expect(await get()).toMatchObject({ response: EMPTY_PROFILE });
  }, 240_000);

  it('the gateway fails readiness, stops taking requests, finishes the one in flight and exits 0', async () => {
    const stack = await startStack({
      env: { ...process.env, DRAIN_DELAY_MS: '1500', RPC_TIMEOUT_MS: '20000' },
      port: await freePort(),
    });
    cleanup.push(() => stack.stop());
    const gateway = stack.processes.get('gateway')!;
    // Fitness reads answer only for a published page: a runner's, with billing's word of access.
    const owner = await signUp(stack.url);
    const pageId = (await createPage(stack.url, owner.cookie)).id;
    const nc = await connect({ servers: process.env.NATS_URL });
    try {
      await grantAccess(nc, owner.id);
    } finally {
      await nc.close();
    }
    await eventually(async () => expect(await status(`${stack.url}/api/fitness-profile/${pageId}`)).toBe(200), {
      timeoutMs: 15_000,
    });
    const lock = await lockFitnessProfiles();
    cleanup.push(() => lock.release());

    // A request through the gateway to fitness, waiting on the lock inside the service.
    const inFlight = fetch(`${stack.url}/api/fitness-profile/${pageId}`);
    await eventually(async () => expect(await lock.waiting()).toBe(1), { timeoutMs: 10_000 });

    const sigtermAt = Date.now();
    gateway.child.kill('SIGTERM');
    // During DRAIN_DELAY_MS: not ready (load balancers stop sending), still answering. The signal
    // arrives a moment after kill() returns, so a probe sent at once may still find it ready.
    const ready = await eventually(
      async () => {
        const res = await fetch(`${stack.url}/api/health/ready`);
        expect(res.status).toBe(503);
        return res;
      },
      { timeoutMs: 1000, intervalMs: 50 },
    );
    expect((await ready.json()).failing).toContain('gateway (shutting down)');
    expect(await status(`${stack.url}/api/health/live`)).toBe(200);
    // After it: no new requests, while the one in flight still waits.
    await sleep(Math.max(0, sigtermAt + 2500 - Date.now()));
    expect(await status(`${stack.url}/api/health/live`)).not.toBe(200);
    expect(gateway.child.exitCode).toBeNull();

    const releasedAt = Date.now();
    await lock.release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(EMPTY_PROFILE);
    expect(await gateway.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - releasedAt).toBeLessThan(3000);
  }, 120_000);
});
