// The community service and its worker as the stack runs them: each migrates its own schema, answers
// its health and metrics ports, the service its NATS ping in the `community` queue group, and both
// stop with exit 0 on SIGTERM.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { COMMUNITY } from '@runpledge/contracts';
import pg from 'pg';
import { eventually, freePort, natsRequester } from '../../../scripts/jest/helpers.mjs';
import { migrateAll, startProcess } from '../../../scripts/lib/stack.mjs';

type Proc = ReturnType<typeof startProcess>;

async function get(url: string): Promise<{ status: number; text: string } | 'refused'> {
  try {
    const res = await fetch(url);
    return { status: res.status, text: await res.text() };
  } catch {
    return 'refused';
  }
}

describe('the community processes', () => {
  const ports: Record<string, { health: number; metrics: number }> = {};
  const processes: Proc[] = [];
  let nats: Awaited<ReturnType<typeof natsRequester>>;

  beforeAll(async () => {
    await migrateAll(process.env);
    for (const name of ['community', 'community-worker']) {
      ports[name] = { health: await freePort(), metrics: await freePort() };
      processes.push(
        startProcess(name, {
          ...process.env,
          HEALTH_PORT: String(ports[name]!.health),
          METRICS_PORT: String(ports[name]!.metrics),
          REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'rp:'}community-processes:`,
        }),
      );
    }
    nats = await natsRequester();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await nats?.close();
  });

  it('keeps its tables in its own schema, migrated by the stack with the others', async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'community' ORDER BY table_name`,
      );
      expect(rows.map((r) => r.table_name)).toEqual(
        expect.arrayContaining(['deleted_accounts', 'migrations', 'outbox', 'pending_jobs', 'processed_events']),
      );
    } finally {
      await client.end();
    }
  });

  it('answers its ping over NATS once it reaches its database', async () => {
    const reply = await eventually(() => nats.request(COMMUNITY.health.ping, {}, 1000), { timeoutMs: 30_000 });
    expect(reply.response).toMatchObject({ service: 'community', status: 'ok' });
  });

  it.each(['community', 'community-worker'])(
    '%s answers liveness, readiness and metrics on its own ports',
    async (name) => {
      const { health, metrics } = ports[name]!;
      await eventually(
        async () => expect(await get(`http://127.0.0.1:${health}/readyz`)).toMatchObject({ status: 200 }),
        { timeoutMs: 30_000 },
      );
      expect(await get(`http://127.0.0.1:${health}/healthz`)).toMatchObject({ status: 200 });
      const scraped = await get(`http://127.0.0.1:${metrics}/metrics`);
      expect(scraped).toMatchObject({ status: 200 });
      expect(scraped !== 'refused' && scraped.text).toContain(`service="${name}"`);
    },
  );

  it('stops with exit 0 on SIGTERM, readiness refused from then on', async () => {
    for (const [i, name] of ['community', 'community-worker'].entries()) {
      const result = await processes[i]!.stop();
      expect([name, result.code]).toEqual([name, 0]);
      expect(await get(`http://127.0.0.1:${ports[name]!.health}/readyz`)).toBe('refused');
    }
  });
});
