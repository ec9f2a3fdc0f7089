import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { healthPattern } from '@runpledge/contracts';
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventually, freePort } from '../../../scripts/jest/helpers.mjs';
import { startProcess } from '../../../scripts/lib/stack.mjs';

type Process = ReturnType<typeof startProcess>;

/**
 * Issue #13 item 7: readiness reflects what the gateway itself needs (its NATS connection), not every
 * service; it answers from state a background loop keeps, so a probe costs no NATS call.
 */
describe('gateway readiness', () => {
  let natsPort: number;
  let nats: ChildProcess | undefined;
  let gateway: Process;
  let url: string;
  let watcher: NatsConnection;
  let pings = 0;

  const startNats = async () => {
    nats = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(natsPort)], { stdio: 'ignore' });
    await eventually(async () => (await connect({ servers: `nats://127.0.0.1:${natsPort}` })).close(), {
      timeoutMs: 10_000,
    });
  };
  const stopNats = async () => {
    if (!nats || nats.exitCode !== null) return;
    const exited = new Promise((resolve) => nats!.once('exit', resolve));
    nats.kill('SIGKILL');
    await exited;
  };
  const ready = async () => {
    const res = await fetch(`${url}/api/health/ready`);
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    natsPort = await freePort();
    await startNats();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    gateway = startProcess('gateway', {
      ...process.env,
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
      NATS_SUBJECT_PREFIX: '',
      PORT: String(port),
      HEALTH_TIMEOUT_MS: '300',
      READINESS_INTERVAL_MS: '1000',
    });
    // Counts the gateway's pings: no service runs on this NATS, so nothing answers them.
    watcher = await connect({ servers: `nats://127.0.0.1:${natsPort}` });
    watcher.subscribe(healthPattern('identity'), { callback: () => pings++ });
    await watcher.flush();
    await eventually(async () => expect((await fetch(`${url}/api/health/live`)).status).toBe(200), {
      timeoutMs: 30_000,
    });
  }, 60_000);

  afterAll(async () => {
    await watcher?.close().catch(() => {});
    await gateway?.stop();
    await stopNats();
  });

  it('is ready with every service down, listing each as down', async () => {
    const { status, body } = await eventually(async () => {
      const result = await ready();
      expect(result.status).toBe(200);
      return result;
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'degraded',
      services: { identity: 'down', profiles: 'down', billing: 'down', fitness: 'down', community: 'down' },
      failing: ['identity', 'profiles', 'billing', 'fitness', 'community'],
    });
  });

  it('answers ?all=true with 503 until every service is up (for stacks that wait for all of it)', async () => {
    const res = await fetch(`${url}/api/health/ready?all=true`);
    expect(res.status).toBe(503);
    expect((await res.json()).status).toBe('degraded');
  });

  it('answers probes from state kept in the background: 50 probes cost no ping', async () => {
    await sleep(1200);
    const before = pings;
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 50 }, () => ready()));
    const elapsed = Date.now() - started;
    expect(results.every((r) => r.status === 200)).toBe(true);
    // The loop pings identity about once a second whatever the probes do: however long the 50 probes
    // took on a busy machine, no more pings than the loop's own, never one per probe.
    expect(pings - before).toBeLessThanOrEqual(Math.ceil(elapsed / 1000) + 1);
    expect(pings - before).toBeLessThan(50);
  });

  it('turns 503 naming nats when its own NATS connection is lost, and back when it returns', async () => {
    await stopNats();
    const down = await eventually(
      async () => {
        const result = await ready();
        expect(result.status).toBe(503);
        return result.body;
      },
      { timeoutMs: 10_000 },
    );
    expect(down).toMatchObject({ status: 'unavailable', failing: expect.arrayContaining(['nats']) });
    expect(Object.keys(down.services).sort()).toEqual(['billing', 'community', 'fitness', 'identity', 'profiles']);

    await startNats();
    await eventually(async () => expect((await ready()).status).toBe(200), { timeoutMs: 20_000 });
  });
});
