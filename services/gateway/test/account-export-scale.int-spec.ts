import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ENCOURAGEMENTS_KEPT_PER_PAGE } from '@runpledge/contracts';
import { natsRequester } from '../../../scripts/jest/helpers.mjs';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { pageBody } from './support/api-client.js';

interface Runner {
  id: string;
  cookie: string;
}

/** 1,000 characters of three UTF-8 bytes each: the longest message a supporter may send, in bytes. */
const HEAVY_MESSAGE = '字'.repeat(1000);
const ACTIVITIES = 5000;

// Past the gateway's RPC deadline (30 s on test stacks), so a hung export answers rather than the test timing out.
jest.setTimeout(120_000);

describe('GET /api/account/export at any size; a page keeps only its most recent encouragements', () => {
  let stack: Stack;
  let db: pg.Client;
  let maxPayload: number;

  const signUp = async (): Promise<Runner> => {
    const res = await fetch(`${stack.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `export-${randomUUID()}@example.com`, password: 'Secret123' }),
    });
    expect(res.status).toBe(201);
    const { user } = (await res.json()) as { user: { id: string } };
    return { id: user.id, cookie: res.headers.get('set-cookie')!.split(';')[0]! };
  };
  const createPage = async (runner: Runner): Promise<{ id: string }> => {
    const res = await fetch(`${stack.url}/api/runner-profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: runner.cookie },
      body: JSON.stringify(pageBody({ urlSlug: `exp-${randomUUID().slice(0, 8)}` })),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { profile: { id: string } }).profile;
  };
  /** `count` encouragements on the page, sent one minute apart, the last one `endMinutesAgo` minutes ago. */
  const seedEncouragements = async (pageId: string, count: number, message: string, endMinutesAgo = 0) => {
    await db.query(
      `INSERT INTO "profiles"."encouragements" (runner_profile_id, sender_name, message, created_at)
       SELECT $1, 'Supporter ' || i, $2, now() - make_interval(mins => $3 - i + $4)
       FROM generate_series(1, $3) AS i`,
      [pageId, message, count, endMinutesAgo],
    );
  };
  const encouragementsOf = async (pageId: string) =>
    (
      await db.query<{ sender_name: string }>(
        `SELECT sender_name FROM "profiles"."encouragements" WHERE runner_profile_id = $1 ORDER BY created_at, id`,
        [pageId],
      )
    ).rows.map((r) => r.sender_name);

  beforeAll(async () => {
    stack = await startGatewayStack({ RATE_LIMIT_PUBLIC_WRITES_PER_IP: '1000' });
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    const nats = await natsRequester();
    maxPayload = nats.nc.info!.max_payload;
    await nats.close();
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  });

  it('exports every encouragement and activity of an account far larger than one NATS message', async () => {
    const runner = await signUp();
    const full = await createPage(runner);
    const other = await createPage(runner);
    await seedEncouragements(full.id, ENCOURAGEMENTS_KEPT_PER_PAGE, HEAVY_MESSAGE);
    await seedEncouragements(other.id, 3, 'Go!');
    await db.query(
      `INSERT INTO "fitness"."activities"
         (user_id, source, external_id, name, sport_type, distance_meters, duration_seconds, start_date, start_date_local)
       SELECT $1, 'manual', NULL, 'Run ' || i, 'Run', 10000, 3600,
              timestamptz '2026-01-01' - make_interval(hours => i), timestamp '2026-01-01' - make_interval(hours => i)
       FROM generate_series(1, $2) AS i`,
      [runner.id, ACTIVITIES],
    );

    const res = await fetch(`${stack.url}/api/account/export`, { headers: { cookie: runner.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="runpledge-data-[\d-]+\.json"$/);
    const text = await res.text();
    // profiles' part alone does not fit in one NATS message.
    expect(Buffer.byteLength(HEAVY_MESSAGE) * ENCOURAGEMENTS_KEPT_PER_PAGE).toBeGreaterThan(maxPayload);
    const body = JSON.parse(text);

    expect(body.identity.user.id).toBe(runner.id);
    const pages = body.profiles.pages as { id: string; encouragements: { senderName: string; message: string }[] }[];
    expect(pages.map((p) => p.id).sort()).toEqual([full.id, other.id].sort());
    const fullExport = pages.find((p) => p.id === full.id)!;
    expect(fullExport.encouragements).toHaveLength(ENCOURAGEMENTS_KEPT_PER_PAGE);
    expect(new Set(fullExport.encouragements.map((e) => e.senderName)).size).toBe(ENCOURAGEMENTS_KEPT_PER_PAGE);
    expect(fullExport.encouragements.every((e) => e.message === HEAVY_MESSAGE)).toBe(true);
    // Oldest first, as before.
    expect(fullExport.encouragements[0]!.senderName).toBe('Supporter 1');
    expect(pages.find((p) => p.id === other.id)!.encouragements.map((e) => e.senderName)).toEqual([
      'Supporter 1',
      'Supporter 2',
      'Supporter 3',
    ]);

    const activities = body.fitness.activities as { name: string; startDate: string }[];
    expect(activities).toHaveLength(ACTIVITIES);
    expect(new Set(activities.map((a) => a.name)).size).toBe(ACTIVITIES);
    // Newest first, as before.
    expect(activities[0]!.name).toBe('Run 1');
    expect(activities.at(-1)!.name).toBe(`Run ${ACTIVITIES}`);
    expect(body.billing).toEqual({ subscription: null, lifetimeCodeRedemptions: [] });
    expect(typeof body.exportedAt).toBe('string');
  });

  it(`keeps a page's ${ENCOURAGEMENTS_KEPT_PER_PAGE} most recent encouragements: each new one removes the oldest`, async () => {
    const runner = await signUp();
    const page = await createPage(runner);
    await seedEncouragements(page.id, ENCOURAGEMENTS_KEPT_PER_PAGE, 'Earlier', 10);
    for (const senderName of ['Newest A', 'Newest B']) {
      const res = await fetch(`${stack.url}/api/encouragement`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ runnerProfileId: page.id, senderName, message: 'Go!' }),
      });
      expect(res.status).toBe(201);
    }

    const kept = await encouragementsOf(page.id);
    expect(kept).toHaveLength(ENCOURAGEMENTS_KEPT_PER_PAGE);
    // The two oldest went; every later one and both new ones stayed.
    expect(kept).not.toContain('Supporter 1');
    expect(kept).not.toContain('Supporter 2');
    expect(kept[0]).toBe('Supporter 3');
    expect(kept.slice(-3)).toEqual([`Supporter ${ENCOURAGEMENTS_KEPT_PER_PAGE}`, 'Newest A', 'Newest B']);
  });
});
