import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { FITNESS_EVENTS } from '@runpledge/contracts';
import { ensureEventStream, eventSubject } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import { apiClient, newSlug, pageBody, type Json } from './support/api-client.js';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { grantAccess } from './support/stack-users.js';

jest.setTimeout(120_000);

type User = { cookie: string; id: string; email: string };

describe("a team counts a runner's miles once, and its members CSV is safe in any spreadsheet", () => {
  let stack: Stack;
  let nc: NatsConnection;
  const { call, signUp } = apiClient(() => stack.url);

  async function runner(): Promise<User> {
    const user = await signUp();
    await grantAccess(nc, user.id, 'lifetime');
    return user;
  }

  async function page(user: User, overrides: Record<string, unknown> = {}): Promise<{ id: string; urlSlug: string }> {
    const res = await call('POST', '/api/runner-profile', {
      cookie: user.cookie,
      body: pageBody({ urlSlug: newSlug('tm'), fundsRaised: 100, totalDonors: 2, fundraisingGoal: 1000, ...overrides }),
    });
    expect(res.status).toBe(201);
    const { id, urlSlug } = res.body.profile;
    await eventually(
      async () => expect((await call('GET', `/api/runner-profile/${urlSlug}`)).body.profile.published).toBe(true),
      { timeoutMs: 30_000 },
    );
    return { id, urlSlug };
  }

  async function createTeam(captain: User, captainProfileId: string) {
    const res = await call('POST', '/api/teams', {
      cookie: captain.cookie,
      body: {
        slug: newSlug('team'),
        name: 'Kids Run Club',
        charityName: 'Kids Charity',
        marathonName: 'Chicago Marathon',
        marathonDate: '2027-10-10',
        currency: 'USD',
        goalAmount: 10000,
        joinRule: 'open',
        captainProfileId,
      },
    });
    expect(res.status).toBe(201);
    return res.body.team as { id: string; slug: string };
  }

  const join = (user: User, teamId: string, runnerProfileId: string) =>
    call('POST', `/api/teams/${teamId}/members`, { cookie: user.cookie, body: { runnerProfileId } });
  const leave = (user: User, teamId: string, runnerProfileId: string) =>
    call('DELETE', `/api/teams/${teamId}/members/${runnerProfileId}`, { cookie: user.cookie });
  const sums = async (slug: string): Promise<Json> => (await call('GET', `/api/teams/${slug}`)).body.team;

  async function distance(userId: string, totalMeters: number, version: number): Promise<void> {
    await ensureEventStream(nc);
    const type = FITNESS_EVENTS.distanceChanged.type;
    const envelope = {
      id: randomUUID(),
      type,
      occurredAt: new Date().toISOString(),
      payload: { userId, totalMeters, version },
    };
    await jetstream(nc).publish(eventSubject(type), JSON.stringify(envelope), { msgID: randomUUID() });
  }

  beforeAll(async () => {
    stack = await startGatewayStack({
      TEAM_DIGEST_DELAY_MS: '0',
      RATE_LIMIT_TEAM_JOINS_PER_USER: '100',
      RATE_LIMIT_TEAM_JOINS_PER_IP: '10000',
      RATE_LIMIT_TEAM_READS_PER_IP: '100000',
    });
    nc = await connect({ servers: process.env.NATS_URL });
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await nc?.close();
    await stack?.stop();
  });

  it("counts one runner's miles once whichever and however many of their pages are in the team; money per page", async () => {
    const captain = await runner();
    const captains = await page(captain);
    const created = await createTeam(captain, captains.id);
    const bob = await runner();
    const first = await page(bob);
    const second = await page(bob);
    await distance(bob.id, 20 * 1609.344, 1);
    expect((await join(bob, created.id, first.id)).status).toBe(201);
    await eventually(async () => expect(await sums(created.slug)).toMatchObject({ miles: 20 }));
    expect((await join(bob, created.id, second.id)).status).toBe(201);
    // Each page raises its own money; the runner's 20 miles count once.
    await eventually(async () =>
      expect(await sums(created.slug)).toMatchObject({ raised: '300.00', donors: 6, memberCount: 3 }),
    );
    expect((await sums(created.slug)).miles).toBe(20);

    // A new run moves the team by the runner's change, once.
    await distance(bob.id, 30 * 1609.344, 2);
    await eventually(async () => expect((await sums(created.slug)).miles).toBe(30));
    const members = (await call('GET', `/api/teams/${created.slug}?by=miles`)).body.members as Json[];
    expect(members.filter((m) => m.miles === 30)).toHaveLength(2);

    // One page leaves: the miles stay with the other; the last leaves: they go.
    expect((await leave(bob, created.id, first.id)).status).toBe(200);
    expect(await sums(created.slug)).toMatchObject({ miles: 30, memberCount: 2, raised: '200.00' });
    expect((await leave(bob, created.id, second.id)).status).toBe(200);
    expect(await sums(created.slug)).toMatchObject({ miles: 0, memberCount: 1, raised: '100.00' });

    // Unpublished and published again with both pages in: still once.
    await join(bob, created.id, first.id);
    await join(bob, created.id, second.id);
    await eventually(async () => expect(await sums(created.slug)).toMatchObject({ miles: 30, memberCount: 3 }));
    await grantAccess(nc, bob.id, 'canceled');
    await eventually(async () => expect(await sums(created.slug)).toMatchObject({ miles: 0, memberCount: 1 }));
    await grantAccess(nc, bob.id, 'active');
    await eventually(async () => expect(await sums(created.slug)).toMatchObject({ miles: 30, memberCount: 3 }));
  });

  it('quotes and defuses every cell of the members CSV that a spreadsheet could split or run', async () => {
    const captain = await runner();
    const created = await createTeam(captain, (await page(captain, { name: 'Bob;=1+1;' })).id);
    const names = ['Ann\t-2+3', 'Cy "the" @runner', 'Di,+SUM(A1)', 'Ed|plain'];
    for (const name of names) {
      const member = await runner();
      expect((await join(member, created.id, (await page(member, { name })).id)).status).toBe(201);
    }
    const csv = await call('GET', `/api/teams/${created.id}/members.csv`, { cookie: captain.cookie });
    expect(csv.status).toBe(200);
    const firstCells = csv.text
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.match(/^("(?:[^"]|"")*"|[^,]*)/)![1]);
    expect(firstCells).toEqual([`"Bob;'=1+1;"`, `"Ann\t'-2+3"`, `"Cy ""the"" @runner"`, `"Di,'+SUM(A1)"`, 'Ed|plain']);
  });
});
