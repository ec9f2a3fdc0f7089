import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import { apiClient, newSlug, pageBody } from './support/api-client.js';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { linkIn, mailsTo } from './support/outbox-mails.js';
import { grantAccess } from './support/stack-users.js';

jest.setTimeout(120_000);

type User = { cookie: string; id: string; email: string };

/** The digest gathers this long of requests here (a day in production). */
const DIGEST_DELAY_MS = 6_000;

describe("a team captain's mails about join requests", () => {
  let stack: Stack;
  let nc: NatsConnection;
  const { call, signUp } = apiClient(() => stack.url);

  async function runner(): Promise<User> {
    const user = await signUp();
    await grantAccess(nc, user.id, 'lifetime');
    return user;
  }

  async function page(user: User, name: string): Promise<{ id: string; urlSlug: string }> {
    const res = await call('POST', '/api/runner-profile', {
      cookie: user.cookie,
      body: pageBody({ urlSlug: newSlug('tj'), name }),
    });
    expect(res.status).toBe(201);
    const { id, urlSlug } = res.body.profile;
    await eventually(
      async () => expect((await call('GET', `/api/runner-profile/${urlSlug}`)).body.profile.published).toBe(true),
      { timeoutMs: 30_000 },
    );
    return { id, urlSlug };
  }

  async function approvalTeam(captain: User, name: string): Promise<{ id: string; slug: string }> {
    const res = await call('POST', '/api/teams', {
      cookie: captain.cookie,
      body: {
        slug: newSlug('team'),
        name,
        charityName: 'Kids Charity',
        marathonName: 'Chicago Marathon',
        marathonDate: '2027-10-10',
        currency: 'USD',
        goalAmount: 10000,
        joinRule: 'approval',
        captainProfileId: (await page(captain, 'The Captain')).id,
      },
    });
    expect(res.status).toBe(201);
    return res.body.team;
  }

  const join = (user: User, teamId: string, runnerProfileId: string) =>
    call('POST', `/api/teams/${teamId}/members`, { cookie: user.cookie, body: { runnerProfileId } });
  const withdraw = (user: User, teamId: string, runnerProfileId: string) =>
    call('DELETE', `/api/teams/${teamId}/members/${runnerProfileId}`, { cookie: user.cookie });
  const requestMails = (captain: User, teamName: string) =>
    mailsTo(captain.email).filter((m) => new RegExp(`^Subject: .* asks to join ${teamName}$`, 'm').test(m));

  beforeAll(async () => {
    stack = await startGatewayStack({
      TEAM_DIGEST_DELAY_MS: String(DIGEST_DELAY_MS),
      RATE_LIMIT_TEAM_JOINS_PER_IP: '10000',
    });
    nc = await connect({ servers: process.env.NATS_URL });
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await nc?.close();
    await stack?.stop();
  });

  it('mails the captain one request per runner per team a day; joining and withdrawing again waits for the digest', async () => {
    const captain = await runner();
    const team = await approvalTeam(captain, 'Door Crew');
    const knocker = await runner();
    const knockers = await page(knocker, 'Door Knocker');

    expect((await join(knocker, team.id, knockers.id)).body.member.status).toBe('pending');
    await eventually(async () => expect(requestMails(captain, 'Door Crew')).toHaveLength(1), { timeoutMs: 30_000 });
    for (let i = 0; i < 4; i += 1) {
      expect((await withdraw(knocker, team.id, knockers.id)).status).toBe(200);
      expect((await join(knocker, team.id, knockers.id)).body.member.status).toBe('pending');
    }

    // The digest tells the request still waiting, once; no other mail about it.
    const digests = () =>
      mailsTo(captain.email).filter((m) => /^Subject: 1 join request waiting for Door Crew$/m.test(m));
    await eventually(async () => expect(digests()).toHaveLength(1), { timeoutMs: 30_000 });
    expect(digests()[0]).toContain('Door Knocker');
    expect(requestMails(captain, 'Door Crew')).toHaveLength(1);

    // Another runner's request is mailed at once as ever.
    const other = await runner();
    expect((await join(other, team.id, (await page(other, 'Other Runner')).id)).status).toBe(201);
    await eventually(async () => expect(requestMails(captain, 'Door Crew')).toHaveLength(2), { timeoutMs: 30_000 });
    expect(requestMails(captain, 'Door Crew')[1]).toContain('Other Runner asks to join Door Crew');
  });

  it("stops every team mail to the captain's inbox from the link in a team mail", async () => {
    const captain = await runner();
    const team = await approvalTeam(captain, 'Quiet Crew');
    const first = await runner();
    expect((await join(first, team.id, (await page(first, 'First Asker')).id)).status).toBe(201);
    await eventually(async () => expect(requestMails(captain, 'Quiet Crew')).toHaveLength(1), { timeoutMs: 30_000 });
    const stop = linkIn(requestMails(captain, 'Quiet Crew')[0]!, '/mail/stop');
    expect(await call('POST', '/api/mail/suppress', { body: { token: stop.searchParams.get('token') } })).toMatchObject(
      { status: 200, body: { success: true } },
    );

    // A later request to that captain is not mailed; another captain's, made after it, is.
    const second = await runner();
    expect((await join(second, team.id, (await page(second, 'Second Asker')).id)).status).toBe(201);
    const otherCaptain = await runner();
    const otherTeam = await approvalTeam(otherCaptain, 'Loud Crew');
    const third = await runner();
    expect((await join(third, otherTeam.id, (await page(third, 'Third Asker')).id)).status).toBe(201);
    await eventually(async () => expect(requestMails(otherCaptain, 'Loud Crew')).toHaveLength(1), {
      timeoutMs: 30_000,
    });
    expect(mailsTo(captain.email).filter((m) => m.includes('Second Asker'))).toHaveLength(0);
  });
});
