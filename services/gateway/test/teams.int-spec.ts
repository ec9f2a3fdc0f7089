import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  BILLING_EVENTS,
  CHARITY_NOT_LISTED,
  FITNESS_EVENTS,
  PAGE_ALREADY_IN_TEAM,
  PAST_DUE_GRACE_DAYS,
  PROFILES_EVENTS,
  TEAM_CAPTAIN_MUST_HAND_OVER,
  TEAM_INVITE_INVALID,
  TEAM_NEW_CAPTAIN_NOT_MEMBER,
  TEAM_NOT_FOUND,
  TEAM_ONLY_CAPTAIN,
  TEAM_PAGE_NOT_PUBLISHED,
  TEAM_PAGE_TOTALS_UNREAD,
  TEAM_SLUG_RESERVED,
  TEAM_SLUG_TAKEN,
  teamCurrencyMessage,
  totalsComeFromMessage,
} from '@runpledge/contracts';
import { randomUUID } from 'node:crypto';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import { apiClient, newSlug, pageBody, type Json } from './support/api-client.js';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { mailsTo } from './support/outbox-mails.js';
import { grantAccess, publishEvent as publishDomainEvent } from './support/stack-users.js';

jest.setTimeout(120_000);

type User = { cookie: string; id: string; email: string };

/** Joins one user may try per 15 minutes here: enough for every test, few enough to reach. */
const JOINS_PER_USER = 12;

describe('teams through the gateway', () => {
  let stack: Stack;
  let nc: NatsConnection;
  const { call, signUp } = apiClient(() => stack.url);

  /** A signed-up runner whose pages are published (billing's word, as an event). */
  async function runner(): Promise<User> {
    const user = await signUp();
    await grantAccess(nc, user.id, 'lifetime');
    return user;
  }

  /** A page of `user` with hand-typed totals, once visitors see it. */
  async function page(user: User, overrides: Record<string, unknown> = {}): Promise<{ id: string; urlSlug: string }> {
    const res = await call('POST', '/api/runner-profile', {
      cookie: user.cookie,
      body: pageBody({ urlSlug: newSlug('tm'), fundsRaised: 100, totalDonors: 2, fundraisingGoal: 1000, ...overrides }),
    });
    expect(res.status).toBe(201);
    const { id, urlSlug } = res.body.profile;
    await eventually(async () => expect((await view(urlSlug)).published).toBe(true), { timeoutMs: 30_000 });
    return { id, urlSlug };
  }

  const view = async (slug: string): Promise<Json> => (await call('GET', `/api/runner-profile/${slug}`)).body.profile;
  const team = async (slug: string, query = ''): Promise<Json> =>
    (await call('GET', `/api/teams/${slug}${query}`)).body;

  async function createTeam(captain: User, captainProfileId: string, overrides: Record<string, unknown> = {}) {
    return call('POST', '/api/teams', {
      cookie: captain.cookie,
      body: {
        slug: newSlug('team'),
        name: 'Kids Run Club',
        story: 'We run for the kids.',
        charityName: 'Kids Charity',
        marathonName: 'Chicago Marathon',
        marathonDate: '2027-10-10',
        currency: 'USD',
        goalAmount: 10000,
        joinRule: 'open',
        captainProfileId,
        ...overrides,
      },
    });
  }

  const join = (user: User, teamId: string, runnerProfileId: string, inviteCode?: string) =>
    call('POST', `/api/teams/${teamId}/members`, { cookie: user.cookie, body: { runnerProfileId, inviteCode } });

  const publishEvent = (type: string, payload: unknown, id?: string) => publishDomainEvent(nc, type, payload, id);

  const totalsEvent = (p: { id: string; urlSlug: string }, raised: string, donors: number, version: number) => ({
    profileId: p.id,
    urlSlug: p.urlSlug,
    fundsRaised: raised,
    fundraisingGoal: '1000.00',
    totalDonors: donors,
    fundraisingCurrency: 'USD',
    totalsSource: 'manual',
    totalsVersion: version,
  });

  beforeAll(async () => {
    stack = await startGatewayStack({
      TEAM_DIGEST_DELAY_MS: '0',
      ACCESS_LAPSE_SWEEP_EVERY_SECONDS: '1',
      RATE_LIMIT_TEAM_JOINS_PER_USER: String(JOINS_PER_USER),
      RATE_LIMIT_TEAM_JOINS_PER_IP: '10000',
      // The tests below poll team pages for their sums.
      RATE_LIMIT_TEAM_READS_PER_IP: '100000',
    });
    nc = await connect({ servers: process.env.NATS_URL });
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await nc?.close();
    await stack?.stop();
  });

  it('answers at once, and makes no team, for a page its platform has never been read for (its currency unknown)', async () => {
    const bob = await runner();
    // A DonorDrive participant the platform does not know: the page's totals are never read.
    const unread = await page(bob, {
      fundsRaised: undefined,
      totalDonors: undefined,
      fundraisingGoal: undefined,
      donationPlatform: 'donordrive',
      charityLink: undefined,
      donorDriveEventUrl: 'https://www.extra-life.org/index.cfm?fuseaction=donorDrive.event&eventID=1',
      donorDriveParticipantId: '987654321',
    });
    const slug = newSlug('unread');
    const res = await createTeam(bob, unread.id, { slug });
    expect(res).toMatchObject({ status: 409, body: { message: TEAM_PAGE_TOTALS_UNREAD } });
    expect((await call('GET', `/api/teams/${slug}`)).status).toBe(404);
  });

  it("creates a team with the caller's page as captain and first member, and its address is taken from then on", async () => {
    const alice = await runner();
    const mine = await page(alice);
    const res = await createTeam(alice, mine.id, { slug: newSlug('crew') });
    expect(res.status).toBe(201);
    expect(res.body.team).toMatchObject({
      name: 'Kids Run Club',
      currency: 'USD',
      goalAmount: '10000.00',
      raised: '100.00',
      donors: 2,
      memberCount: 1,
      joinRule: 'open',
      captain: { name: 'Jane Doe', pageSlug: mine.urlSlug },
      isCaptain: true,
    });
    const read = await team(res.body.team.slug);
    expect(read.team.isCaptain).toBe(false); // a visitor
    expect(read.members).toEqual([
      expect.objectContaining({ runnerProfileId: mine.id, status: 'member', isCaptain: true, percentOfGoal: 10 }),
    ]);
    expect(read).toMatchObject({ page: 1, totalPages: 1 });
    await eventually(async () =>
      expect((await view(mine.urlSlug)).team).toEqual({ slug: res.body.team.slug, name: 'Kids Run Club' }),
    );

    const other = await page(alice);
    const taken = await createTeam(alice, other.id, { slug: res.body.team.slug });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(TEAM_SLUG_TAKEN);
    const reserved = await createTeam(alice, other.id, { slug: 'api' });
    expect(reserved.status).toBe(400);
    expect(reserved.body.message).toBe(TEAM_SLUG_RESERVED);
    expect((await team(res.body.team.slug.toUpperCase())).team.id).toBe(res.body.team.id);
    expect((await call('GET', `/api/teams/${'a'.repeat(51)}`)).status).toBe(404);
    expect((await call('GET', `/api/teams/${encodeURIComponent('bad\u0000slug')}`)).status).toBe(400);
    const missing = await call('GET', '/api/teams/no-such-team-here');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(TEAM_NOT_FOUND);
  });

  it('lets a hand-typed page raise in pounds, refuses a currency on a synced page, and keeps teams to one currency', async () => {
    const bob = await runner();
    const pounds = await page(bob, { fundraisingCurrency: 'GBP' });
    expect((await view(pounds.urlSlug)).fundraisingCurrency).toBe('GBP');
    const synced = await call('POST', '/api/runner-profile', {
      cookie: bob.cookie,
      body: pageBody({
        donationPlatform: 'donordrive',
        donorDriveEventUrl: 'https://events.example.org/event/1',
        donorDriveParticipantId: '123',
        charityLink: undefined,
        fundraisingCurrency: 'GBP',
      }),
    });
    expect(synced.status).toBe(400);
    expect(synced.body.message).toBe(totalsComeFromMessage('donordrive'));

    const dollars = await page(bob);
    const { body } = await createTeam(bob, dollars.id);
    const carol = await runner();
    const carolsPounds = await page(carol, { fundraisingCurrency: 'GBP' });
    const refused = await join(carol, body.team.id, carolsPounds.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(teamCurrencyMessage('USD'));
    // Moved to dollars, it may join.
    const moved = await call('PUT', `/api/runner-profile/${carolsPounds.id}`, {
      cookie: carol.cookie,
      body: { fundraisingCurrency: 'USD' },
    });
    expect(moved.status).toBe(200);
    expect((await join(carol, body.team.id, carolsPounds.id)).status).toBe(201);
  });

  it('keeps a page in one team, refuses unpublished and foreign pages, and lets members leave but not the captain', async () => {
    const alice = await runner();
    const teamA = (await createTeam(alice, (await page(alice)).id)).body.team;
    const teamB = (await createTeam(alice, (await page(alice)).id)).body.team;
    const bob = await runner();
    const bobs = await page(bob);
    const joined = await join(bob, teamA.id, bobs.id);
    expect(joined.status).toBe(201);
    expect(joined.body.member).toMatchObject({
      runnerProfileId: bobs.id,
      status: 'member',
      isCaptain: false,
      raised: '100.00',
    });
    expect((await team(teamA.slug)).team).toMatchObject({ memberCount: 2, raised: '200.00', donors: 4 });

    const again = await join(bob, teamB.id, bobs.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PAGE_ALREADY_IN_TEAM);
    const notHers = await join(alice, teamB.id, bobs.id);
    expect(notHers.status).toBe(403);

    const dave = await signUp(); // no access: his page is not published
    const daves = await call('POST', '/api/runner-profile', { cookie: dave.cookie, body: pageBody() });
    const unpublished = await join(dave, teamA.id, daves.body.profile.id);
    expect(unpublished.status).toBe(400);
    expect(unpublished.body.message).toBe(TEAM_PAGE_NOT_PUBLISHED);

    const captainLeaves = await call(
      'DELETE',
      `/api/teams/${teamA.id}/members/${(await team(teamA.slug)).members.find((m: Json) => m.isCaptain).runnerProfileId}`,
      { cookie: alice.cookie },
    );
    expect(captainLeaves.status).toBe(400);
    expect(captainLeaves.body.message).toBe(TEAM_CAPTAIN_MUST_HAND_OVER);
    const stranger = await runner();
    const notYours = await call('DELETE', `/api/teams/${teamA.id}/members/${bobs.id}`, { cookie: stranger.cookie });
    expect(notYours.status).toBe(403);
    expect(notYours.body.message).toBe(TEAM_ONLY_CAPTAIN);
    const left = await call('DELETE', `/api/teams/${teamA.id}/members/${bobs.id}`, { cookie: bob.cookie });
    expect(left).toMatchObject({ status: 200, body: { success: true } });
    expect((await team(teamA.slug)).team).toMatchObject({ memberCount: 1, raised: '100.00', donors: 2 });
    await eventually(async () => expect((await view(bobs.urlSlug)).team).toBeNull());
    // Free again, and the captain may remove it.
    expect((await join(bob, teamB.id, bobs.id)).status).toBe(201);
    expect((await call('DELETE', `/api/teams/${teamB.id}/members/${bobs.id}`, { cookie: alice.cookie })).status).toBe(
      200,
    );
  });

  it('ranks published members by raised, miles or percent of their goal, 50 a page, and shows the captain their team', async () => {
    const alice = await runner();
    const captains = await page(alice, { fundsRaised: 300, fundraisingGoal: 3000 }); // 10 %
    const created = (await createTeam(alice, captains.id)).body.team;
    const bob = await runner();
    const bobs = await page(bob, { fundsRaised: 200, fundraisingGoal: 400 }); // 50 %, most miles
    await join(bob, created.id, bobs.id);
    await publishEvent(FITNESS_EVENTS.distanceChanged.type, { userId: bob.id, totalMeters: 5000, version: 1 });
    const order = async (by: string) => {
      const read = await team(created.slug, `?by=${by}`);
      return read.members.map((m: Json) => m.runnerProfileId);
    };
    expect(await order('raised')).toEqual([captains.id, bobs.id]);
    await eventually(async () => expect(await order('miles')).toEqual([bobs.id, captains.id]));
    expect(await order('percent')).toEqual([bobs.id, captains.id]);
    expect((await team(created.slug, '?page=2')).members).toEqual([]);
    const bad = await call('GET', `/api/teams/${created.slug}?by=donors`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('by must be raised, miles or percent');
    const asCaptain = await call('GET', `/api/teams/${created.slug}`, { cookie: alice.cookie });
    expect(asCaptain.body.team.isCaptain).toBe(true);
  });

  it('budgets joins per user, so an invite code cannot be guessed', async () => {
    const alice = await runner();
    const created = (await createTeam(alice, (await page(alice)).id, { joinRule: 'approval' })).body.team;
    const guesser = await runner();
    const guessers = await page(guesser);
    const answers = [];
    for (let i = 0; i <= JOINS_PER_USER; i++)
      answers.push((await join(guesser, created.id, guessers.id, `guess-${i}`)).status);
    expect(answers.slice(0, JOINS_PER_USER)).toEqual(Array(JOINS_PER_USER).fill(400));
    expect(answers.at(-1)).toBe(429);
  });

  it('leaves a page joining two teams at once in exactly one of them', async () => {
    const alice = await runner();
    const teams = await Promise.all(
      [1, 2, 3].map(async () => (await createTeam(alice, (await page(alice)).id)).body.team),
    );
    const bob = await runner();
    const bobs = await page(bob);
    const answers = await Promise.all(teams.map((t) => join(bob, t.id, bobs.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const lost of answers.filter((a) => a.status === 409)) expect(lost.body.message).toBe(PAGE_ALREADY_IN_TEAM);
    const counts = await Promise.all(teams.map(async (t) => (await team(t.slug)).team.memberCount));
    expect(counts.sort()).toEqual([1, 1, 2]);
  });

  it('takes requests on approval teams, mails the captain, and joins at once with the invite code', async () => {
    const alice = await runner();
    const created = (await createTeam(alice, (await page(alice)).id, { joinRule: 'approval', name: 'Approval Crew' }))
      .body.team;
    const bob = await runner();
    const bobs = await page(bob);
    const asked = await join(bob, created.id, bobs.id);
    expect(asked.status).toBe(201);
    expect(asked.body.member.status).toBe('pending');
    const read = await team(created.slug);
    expect(read.team.memberCount).toBe(1);
    expect(read.members.map((m: Json) => m.runnerProfileId)).not.toContain(bobs.id);
    expect((await view(bobs.urlSlug)).team).toBeNull();
    await eventually(
      () => expect(mailsTo(alice.email).some((m) => m.includes('asks to join Approval Crew'))).toBe(true),
      {
        timeoutMs: 30_000,
      },
    );

    expect(
      (await call('POST', `/api/teams/${created.id}/members/${bobs.id}/approve`, { cookie: bob.cookie })).status,
    ).toBe(403);
    const approved = await call('POST', `/api/teams/${created.id}/members/${bobs.id}/approve`, {
      cookie: alice.cookie,
    });
    expect(approved.status).toBe(200);
    expect(approved.body.member.status).toBe('member');
    expect((await team(created.slug)).team.memberCount).toBe(2);
    // The captain's digest of new members (one mail for the day's joins; here the delay is 0).
    await eventually(
      () => expect(mailsTo(alice.email).some((m) => /Jane Doe joined Approval Crew/.test(m))).toBe(true),
      {
        timeoutMs: 30_000,
      },
    );

    const invite = await call('GET', `/api/teams/${created.id}/invite`, { cookie: alice.cookie });
    expect(invite.status).toBe(200);
    expect(invite.body.url).toBe(`${new URL(invite.body.url).origin}/teams/${created.slug}?invite=${invite.body.code}`);
    expect((await call('GET', `/api/teams/${created.id}/invite`, { cookie: bob.cookie })).status).toBe(403);
    const carol = await runner();
    const carols = await page(carol);
    const wrong = await join(carol, created.id, carols.id, 'not-the-code');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(TEAM_INVITE_INVALID);
    const withCode = await join(carol, created.id, carols.id, invite.body.code);
    expect(withCode.body.member.status).toBe('member');

    const rotated = await call('POST', `/api/teams/${created.id}/invite`, { cookie: alice.cookie });
    expect(rotated.body.code).not.toBe(invite.body.code);
    const dan = await runner();
    const dans = await page(dan);
    const old = await join(dan, created.id, dans.id, invite.body.code);
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(TEAM_INVITE_INVALID);
  });

  it('keeps team sums from versioned events: once under redelivery, right out of order, unpublished members left out', async () => {
    const alice = await runner();
    const captains = await page(alice);
    const created = (await createTeam(alice, captains.id)).body.team;
    const bob = await runner();
    const bobs = await page(bob);
    await join(bob, created.id, bobs.id);
    const sums = async () => (await team(created.slug)).team;
    expect(await sums()).toMatchObject({ raised: '200.00', donors: 4, memberCount: 2 });

    const v5 = randomUUID();
    await publishEvent(PROFILES_EVENTS.totalsChanged.type, totalsEvent(bobs, '150.00', 3, 5), v5);
    await eventually(async () => expect(await sums()).toMatchObject({ raised: '250.00', donors: 5 }));
    // The same event again, then an older one, then a newer one and a late older one.
    await publishEvent(PROFILES_EVENTS.totalsChanged.type, totalsEvent(bobs, '150.00', 3, 5), v5);
    await publishEvent(PROFILES_EVENTS.totalsChanged.type, totalsEvent(bobs, '120.00', 1, 4));
    await publishEvent(PROFILES_EVENTS.totalsChanged.type, totalsEvent(bobs, '400.00', 9, 8));
    await publishEvent(PROFILES_EVENTS.totalsChanged.type, totalsEvent(bobs, '300.00', 7, 7));
    await eventually(async () => expect(await sums()).toMatchObject({ raised: '500.00', donors: 11 }));
    const marker = await page(alice); // an unrelated event after them: all before it are handled by then
    await publishEvent(PROFILES_EVENTS.totalsChanged.type, totalsEvent(marker, '1.00', 1, 1));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await sums()).toMatchObject({ raised: '500.00', donors: 11 });

    // Miles: the runner's distance from fitness, newest version wins.
    await publishEvent(FITNESS_EVENTS.distanceChanged.type, { userId: bob.id, totalMeters: 16093.44, version: 3 });
    await publishEvent(FITNESS_EVENTS.distanceChanged.type, { userId: bob.id, totalMeters: 99999, version: 2 });
    await eventually(async () => expect((await sums()).miles).toBe(10));
    const member = (await team(created.slug, '?by=miles')).members[0];
    expect(member).toMatchObject({ runnerProfileId: bobs.id, miles: 10 });

    // Unpublished: out of the sums and the public list; published again: back.
    await grantAccess(nc, bob.id, 'canceled');
    await eventually(async () =>
      expect(await sums()).toMatchObject({ raised: '100.00', donors: 2, miles: 0, memberCount: 1 }),
    );
    expect((await team(created.slug)).members.map((m: Json) => m.runnerProfileId)).toEqual([captains.id]);
    await grantAccess(nc, bob.id, 'active');
    await eventually(async () =>
      expect(await sums()).toMatchObject({ raised: '500.00', donors: 11, miles: 10, memberCount: 2 }),
    );

    // The owner's edit of hand-typed totals reaches the team.
    const edited = await call('PUT', `/api/runner-profile/${captains.id}`, {
      cookie: alice.cookie,
      body: { fundsRaised: 250, totalDonors: 5 },
    });
    expect(edited.status).toBe(200);
    await eventually(async () => expect(await sums()).toMatchObject({ raised: '650.00', donors: 14 }), {
      timeoutMs: 5_000,
    });
  });

  it('drops a member from the team sums when their past-due grace runs out (no event says so), and adds them back when they pay', async () => {
    const alice = await runner();
    const captains = await page(alice);
    const created = (await createTeam(alice, captains.id)).body.team;
    const bob = await runner();
    const bobs = await page(bob);
    await join(bob, created.id, bobs.id);
    const sums = async () => (await team(created.slug)).team;
    expect(await sums()).toMatchObject({ raised: '200.00', donors: 4, memberCount: 2 });

    // A failed payment: billing says past due once; the grace then runs out with no further word.
    const graceLeftMs = 8_000;
    const paidUntil = Date.now() - PAST_DUE_GRACE_DAYS * 86_400_000 + graceLeftMs;
    await publishEvent(BILLING_EVENTS.subscriptionChanged.type, {
      userId: bob.id,
      status: 'past_due',
      currentPeriodEnd: new Date(paidUntil).toISOString(),
    });
    await eventually(async () => expect(await sums()).toMatchObject({ raised: '100.00', donors: 2, memberCount: 1 }), {
      timeoutMs: 30_000,
    });
    expect(Date.now()).toBeGreaterThanOrEqual(paidUntil + PAST_DUE_GRACE_DAYS * 86_400_000);
    expect((await team(created.slug)).members.map((m: Json) => m.runnerProfileId)).toEqual([captains.id]);

    // Paid again: published, and back in the sums.
    await grantAccess(nc, bob.id, 'active');
    await eventually(async () => expect(await sums()).toMatchObject({ raised: '200.00', donors: 4, memberCount: 2 }));
  });

  it('shows the captain the pending requests, never a visitor or a member, whichever reads first within the cache', async () => {
    const alice = await runner();
    const created = (await createTeam(alice, (await page(alice)).id, { joinRule: 'approval' })).body.team;
    const bob = await runner();
    const bobs = await page(bob);
    expect((await join(bob, created.id, bobs.id)).body.member.status).toBe('pending');

    const asCaptain = async () => (await call('GET', `/api/teams/${created.slug}`, { cookie: alice.cookie })).body;
    const asBob = async () => (await call('GET', `/api/teams/${created.slug}`, { cookie: bob.cookie })).body;
    // The join dropped this gateway's cached views: the captain reads first, then a visitor, and
    // the other way round, all within TEAM_VIEW_CACHE_TTL_MS.
    const reads = { captain: [await asCaptain()], others: [await team(created.slug), await asBob()] };
    reads.others.push(await team(created.slug));
    reads.captain.push(await asCaptain());
    for (const read of reads.captain) {
      expect(read.team.isCaptain).toBe(true);
      expect(read.members).toContainEqual(
        expect.objectContaining({ runnerProfileId: bobs.id, status: 'pending', isCaptain: false, name: 'Jane Doe' }),
      );
      expect(read.team.memberCount).toBe(1);
    }
    for (const read of reads.others) {
      expect(read.team.isCaptain).toBe(false);
      expect(read.members.map((m: Json) => m.status)).toEqual(['member']);
      expect(read.members.map((m: Json) => m.runnerProfileId)).not.toContain(bobs.id);
    }

    const approved = await call('POST', `/api/teams/${created.id}/members/${bobs.id}/approve`, {
      cookie: alice.cookie,
    });
    expect(approved.status).toBe(200);
    const after = await asCaptain();
    expect(after.members.filter((m: Json) => m.status === 'pending')).toEqual([]);
    expect(after.members).toContainEqual(expect.objectContaining({ runnerProfileId: bobs.id, status: 'member' }));
  });

  it('leaves a captain whose page is unpublished out of the public team page, and shows them to themself', async () => {
    const alice = await runner();
    const alices = await page(alice);
    const created = (await createTeam(alice, alices.id)).body.team;
    const bob = await runner();
    const bobs = await page(bob);
    await join(bob, created.id, bobs.id);

    await grantAccess(nc, alice.id, 'canceled');
    await eventually(async () => expect((await team(created.slug)).team.captain).toBeNull());
    const visitors = [
      await team(created.slug),
      (await call('GET', `/api/teams/${created.slug}`, { cookie: bob.cookie })).body,
    ];
    for (const read of visitors) {
      expect(read.team.captain).toBeNull();
      expect(read.members.map((m: Json) => m.runnerProfileId)).toEqual([bobs.id]);
      expect(JSON.stringify(read)).not.toContain(alices.urlSlug);
    }
    const own = await call('GET', `/api/teams/${created.slug}`, { cookie: alice.cookie });
    expect(own.body.team).toMatchObject({ isCaptain: true, captain: { name: 'Jane Doe', pageSlug: alices.urlSlug } });

    await grantAccess(nc, alice.id, 'active');
    await eventually(async () =>
      expect((await team(created.slug)).team.captain).toEqual({ name: 'Jane Doe', pageSlug: alices.urlSlug }),
    );
  });

  it("counts a run entered by hand in the team's miles (fitness.distance.changed)", async () => {
    const alice = await runner();
    const captains = await page(alice);
    const created = (await createTeam(alice, captains.id)).body.team;
    const run = await call('POST', '/api/activities', {
      cookie: alice.cookie,
      body: { name: 'Long run', date: '2026-01-10', distanceKm: 16.09344, durationSeconds: 5400 },
    });
    expect(run.status).toBe(201);
    await eventually(async () => expect((await team(created.slug)).team.miles).toBe(10), { timeoutMs: 15_000 });
    const removed = await call('DELETE', `/api/activities/${run.body.id}`, { cookie: alice.cookie });
    expect(removed.status).toBe(200);
    await eventually(async () => expect((await team(created.slug)).team.miles).toBe(0), { timeoutMs: 15_000 });
  });

  it('leaves one captain when two hand-overs race, and refuses a non-member as captain', async () => {
    const alice = await runner();
    const created = (await createTeam(alice, (await page(alice)).id)).body.team;
    const bob = await runner();
    const bobs = await page(bob);
    const carol = await runner();
    const carols = await page(carol);
    await join(bob, created.id, bobs.id);
    await join(carol, created.id, carols.id);
    const stranger = await page(await runner());
    const notMember = await call('POST', `/api/teams/${created.id}/captain`, {
      cookie: alice.cookie,
      body: { runnerProfileId: stranger.id },
    });
    expect(notMember.status).toBe(400);
    expect(notMember.body.message).toBe(TEAM_NEW_CAPTAIN_NOT_MEMBER);

    const answers = await Promise.all(
      [bobs, carols].map((p) =>
        call('POST', `/api/teams/${created.id}/captain`, { cookie: alice.cookie, body: { runnerProfileId: p.id } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
    const read = await team(created.slug);
    expect(read.members.filter((m: Json) => m.isCaptain)).toHaveLength(1);
    const newCaptain = answers.find((a) => a.status === 200)!.body.team.captain.pageSlug;
    expect(read.team.captain.pageSlug).toBe(newCaptain);
    // The old captain may leave now.
    const aliceMember = read.members.find(
      (m: Json) =>
        m.name === 'Jane Doe' && !m.isCaptain && m.pageSlug !== bobs.urlSlug && m.pageSlug !== carols.urlSlug,
    );
    expect(
      (
        await call('DELETE', `/api/teams/${created.id}/members/${aliceMember.runnerProfileId}`, {
          cookie: alice.cookie,
        })
      ).status,
    ).toBe(200);
  });

  it('gives the captain a members CSV safe from formulas, edits and deletes the team (404 after)', async () => {
    const alice = await runner();
    const created = (await createTeam(alice, (await page(alice, { name: '=HYPERLINK("x")' })).id)).body.team;
    const bob = await runner();
    const bobs = await page(bob, { name: 'Bob, the runner' });
    await join(bob, created.id, bobs.id);
    const csv = await call('GET', `/api/teams/${created.id}/members.csv`, { cookie: alice.cookie });
    expect(csv.status).toBe(200);
    expect(csv.contentType).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('name,page address,raised,currency,donors,miles,status,joined');
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""x""\)",http/);
    expect(lines[2]).toMatch(/^"Bob, the runner",http.*,100\.00,USD,2,0,member,/);
    expect((await call('GET', `/api/teams/${created.id}/members.csv`, { cookie: bob.cookie })).status).toBe(403);

    const renamed = await call('PUT', `/api/teams/${created.id}`, {
      cookie: alice.cookie,
      body: { name: 'Renamed Crew' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.team.name).toBe('Renamed Crew');
    await eventually(async () =>
      expect((await view(bobs.urlSlug)).team).toEqual({ slug: created.slug, name: 'Renamed Crew' }),
    );
    expect((await call('PUT', `/api/teams/${created.id}`, { cookie: bob.cookie, body: { name: 'Mine' } })).status).toBe(
      403,
    );

    expect((await call('DELETE', `/api/teams/${created.id}`, { cookie: alice.cookie })).body).toEqual({
      success: true,
    });
    expect((await call('GET', `/api/teams/${created.slug}`)).status).toBe(404);
    expect((await join(bob, created.id, bobs.id)).status).toBe(404);
    await eventually(async () => expect((await view(bobs.urlSlug)).team).toBeNull());
  });

  it("hands a deleted captain's team to the longest-standing member, and deletes it when none is left", async () => {
    const alice = await runner();
    const created = (await createTeam(alice, (await page(alice)).id)).body.team;
    const bob = await runner();
    const bobs = await page(bob);
    const carol = await runner();
    const carols = await page(carol);
    await join(bob, created.id, bobs.id);
    await join(carol, created.id, carols.id);

    const exported = await call('GET', '/api/account/export', { cookie: alice.cookie });
    expect(JSON.stringify(exported.body)).toContain(created.slug);

    const gone = await call('DELETE', '/api/account', { cookie: alice.cookie, body: { password: 'Secret123' } });
    expect(gone.status).toBe(200);
    await eventually(
      async () => {
        const read = await team(created.slug);
        expect(read.team).toMatchObject({ captain: { pageSlug: bobs.urlSlug }, memberCount: 2, raised: '200.00' });
      },
      { timeoutMs: 30_000 },
    );

    // Bob's page goes, then Carol's: no one is left, the team goes.
    expect((await call('DELETE', `/api/runner-profile/${bobs.id}`, { cookie: bob.cookie })).status).toBe(200);
    // A visitor's read may come from the gateway's cache for a moment (TEAM_VIEW_CACHE_TTL_MS).
    await eventually(async () =>
      expect((await team(created.slug)).team).toMatchObject({ captain: { pageSlug: carols.urlSlug }, memberCount: 1 }),
    );
    expect((await call('DELETE', `/api/runner-profile/${carols.id}`, { cookie: carol.cookie })).status).toBe(200);
    await eventually(async () => expect((await call('GET', `/api/teams/${created.slug}`)).status).toBe(404));
  });

  it('names a listed charity (its name following it), refuses an unknown one, and leaves it with null', async () => {
    const dana = await runner();
    const mine = await page(dana);
    const charitySlug = newSlug('cause');
    const made = await call('POST', '/api/charities', {
      cookie: dana.cookie,
      body: {
        slug: charitySlug,
        name: 'Clean Rivers Trust',
        website: `https://${charitySlug}.org`,
        country: 'GB',
        mission: 'Rivers you can swim in',
      },
    });
    expect(made.status).toBe(201);
    const charityId = made.body.charity.id as string;
    const unknown = await createTeam(dana, mine.id, { charityId: randomUUID() });
    expect(unknown).toMatchObject({ status: 400, body: { message: CHARITY_NOT_LISTED } });
    const malformed = await createTeam(dana, mine.id, { charityId: 'rivers' });
    expect(malformed).toMatchObject({ status: 400, body: { message: CHARITY_NOT_LISTED } });

    const res = await createTeam(dana, mine.id, { charityId });
    expect(res.status).toBe(201);
    expect(res.body.team).toMatchObject({ charityId, charityName: 'Clean Rivers Trust', charitySlug });
    const created = res.body.team;
    await eventually(async () =>
      expect((await call('GET', `/api/charities/${charitySlug}`)).body.teams).toEqual([
        { slug: created.slug, name: created.name, raised: '100.00', currency: 'USD' },
      ]),
    );

    const edit = (body: Record<string, unknown>) =>
      call('PUT', `/api/teams/${created.id}`, { cookie: dana.cookie, body });
    expect(await edit({ charityId: randomUUID() })).toMatchObject({
      status: 400,
      body: { message: CHARITY_NOT_LISTED },
    });
    const left = await edit({ charityId: null, charityName: 'A local club' });
    expect(left.status).toBe(200);
    expect(left.body.team).toMatchObject({ charityId: null, charityName: 'A local club', charitySlug: null });
    expect((await team(created.slug)).team.charityId).toBeNull();
    await eventually(async () => expect((await call('GET', `/api/charities/${charitySlug}`)).body.teams).toEqual([]));
  });
});
