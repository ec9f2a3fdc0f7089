import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { FITNESS_EVENTS, PLEDGE_MESSAGES } from '@runpledge/contracts';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import { gpx } from './fixtures/activity-files/generate.mjs';
import { apiClient, pageBody, type ApiResponse } from './support/api-client.js';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { linkIn, mailsTo, newestLink } from './support/outbox-mails.js';
import { grantAccess, publishEvent as publishDomainEvent } from './support/stack-users.js';

jest.setTimeout(90_000);

const PUBLIC_WRITES_PER_IP = 6;
const PLEDGES_PER_EMAIL = 3;
const METERS_PER_MILE = 1609.344;

/** Today and earlier days as the runs' dates (`YYYY-MM-DD`, UTC as the pledges' confirmation day). */
const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('pledges per mile through the gateway', () => {
  let stack: Stack;
  let nc: NatsConnection;
  let db: pg.Client;
  let alice: { cookie: string; id: string };
  let bob: { cookie: string; id: string };
  let ipCounter = 0;
  const newIp = () => `203.0.${Math.floor((ipCounter += 1) / 250)}.${(ipCounter % 250) + 1}`;
  const { call: rawCall, signUp } = apiClient(() => stack.url);
  const call = (
    method: string,
    path: string,
    { body, cookie, ip = newIp() }: { body?: unknown; cookie?: string; ip?: string } = {},
  ): Promise<ApiResponse> => rawCall(method, path, { body, cookie, headers: { 'x-forwarded-for': ip } });

  const newEmail = () => `supporter-${randomUUID()}@example.com`;

  async function publishedPage(owner = alice, overrides: Record<string, unknown> = {}): Promise<string> {
    const res = await call('POST', '/api/runner-profile', { cookie: owner.cookie, body: pageBody(overrides) });
    expect(res.status).toBe(201);
    const id = res.body.profile.id as string;
    const slug = res.body.profile.urlSlug as string;
    await eventually(async () =>
      expect((await call('GET', `/api/runner-profile/${slug}`)).body.profile.published).toBe(true),
    );
    return id;
  }

  const pledge = (pageId: string, body: Record<string, unknown>, ip?: string) =>
    call('POST', `/api/runner-profile/${pageId}/pledges`, { body, ip });

  /** A confirmed pledge: made, its mail's link followed. */
  async function confirmedPledge(
    pageId: string,
    body: Record<string, unknown> = {},
  ): Promise<{ id: string; email: string }> {
    const email = newEmail();
    const made = await pledge(pageId, { name: 'Sam Supporter', email, ratePerUnit: 1, counts: 'training', ...body });
    expect(made.status).toBe(201);
    const link = await newestLink(email, '/pledges/confirm');
    const confirmed = await call('POST', '/api/pledges/confirm', { body: { token: link.searchParams.get('token') } });
    expect(confirmed.status).toBe(200);
    return { id: made.body.pledge.id as string, email };
  }

  /** The runner's meters on a day in profiles's run ledger, as fitness's events left them. */
  const ledgerMeters = async (userId: string, date: string): Promise<number> =>
    (
      await db.query<{ meters: number }>(
        `SELECT coalesce(sum(strava_meters + manual_meters + upload_meters), 0)::float8 AS meters
           FROM profiles.run_ledger WHERE user_id = $1 AND day = $2`,
        [userId, date],
      )
    ).rows[0]!.meters;

  /** A run entered by hand (stored to the tenth of a meter), once fitness's event about it reached the pledges' ledger; its id. */
  const addRun = async (owner: { cookie: string; id: string }, date: string, meters: number): Promise<string> => {
    const before = await ledgerMeters(owner.id, date);
    const res = await call('POST', '/api/activities', {
      cookie: owner.cookie,
      body: { date, distanceKm: meters / 1000, durationSeconds: 3600 },
    });
    expect(res.status).toBe(201);
    await eventually(async () => expect(await ledgerMeters(owner.id, date)).toBeCloseTo(before + meters, 0));
    return res.body.id as string;
  };

  const publishEvent = (type: string, payload: unknown, id?: string) => publishDomainEvent(nc, type, payload, id);

  const pagePledges = async (pageId: string) => {
    const res = await call('GET', `/api/runner-profile/${pageId}/pledges`);
    expect(res.status).toBe(200);
    return res.body;
  };

  /** Waits for one pass of the worker's sweep after now: a pledge made to lapse (on an open page) is gone. */
  let markerPage: string | undefined;
  async function sweptOnce(): Promise<void> {
    markerPage ??= await publishedPage();
    const made = await pledge(markerPage, { name: 'Marker', email: newEmail(), ratePerUnit: 1, counts: 'training' });
    expect(made.status).toBe(201);
    await db.query(`UPDATE profiles.pledges SET created_at = now() - interval '49 hours' WHERE id = $1`, [
      made.body.pledge.id,
    ]);
    await eventually(
      async () =>
        expect((await db.query(`SELECT 1 FROM profiles.pledges WHERE id = $1`, [made.body.pledge.id])).rowCount).toBe(
          0,
        ),
      { timeoutMs: 30_000 },
    );
  }

  const paidLinkOf = (email: string, id: string) => newestLink(email, `/pledges/${id}/paid`);
  const dueMails = (email: string) => mailsTo(email).filter((m) => /^Subject: .*(your pledge is|Reminder)/m.test(m));

  /** Moves a page's due pledges `days` back in time, reminders included, as if those days had passed. */
  const shiftDueOf = (pageId: string, days: number) =>
    db.query(
      `UPDATE profiles.pledges SET due_at = due_at - make_interval(days => $2),
              next_reminder_at = next_reminder_at - make_interval(days => $2)
        WHERE runner_profile_id = $1`,
      [pageId, days],
    );
  const tokenOf = (link: URL) => ({ token: link.searchParams.get('token') });

  beforeAll(async () => {
    stack = await startGatewayStack({
      TRUST_PROXY: 'true',
      RATE_LIMIT_PUBLIC_WRITES_PER_IP: String(PUBLIC_WRITES_PER_IP),
      RATE_LIMIT_PLEDGES_PER_EMAIL: String(PLEDGES_PER_EMAIL),
      PLEDGES_SWEEP_EVERY_SECONDS: '1',
    });
    nc = await connect({ servers: process.env.NATS_URL });
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    alice = await signUp();
    bob = await signUp();
    await grantAccess(nc, alice.id, 'lifetime');
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await db?.end();
    await nc?.close();
    await stack?.stop();
  });

  it('takes a pledge on a published page, pending until confirmed, and refuses bad input with the contract wording', async () => {
    const pageId = await publishedPage();
    const email = newEmail();
    const made = await pledge(pageId, {
      name: '  Sam\n Supporter ',
      email,
      ratePerUnit: '1.5',
      cap: 100,
      counts: 'training',
    });
    expect(made.status).toBe(201);
    expect(made.body.pledge).toEqual({
      id: expect.any(String),
      name: 'Sam Supporter',
      ratePerUnit: 1.5,
      unit: 'mi',
      cap: 100,
      counts: 'training',
      status: 'pending_confirmation',
      distanceCounted: 0,
      earned: 0,
      currency: 'USD',
      createdAt: expect.any(String),
    });
    // Not counted (nor shown) before it is confirmed.
    expect((await pagePledges(pageId)).summary.count).toBe(0);

    const base = { name: 'Sam', email: newEmail(), ratePerUnit: 1, counts: 'training' };
    const refused: [Record<string, unknown>, string][] = [
      [{ name: '' }, PLEDGE_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(101) }, PLEDGE_MESSAGES.nameTooLong],
      [{ name: 'Sam\u0007' }, 'Your name contains a character that is not allowed'],
      [{ email: 'not-an-address' }, PLEDGE_MESSAGES.emailInvalid],
      [{ ratePerUnit: 0 }, PLEDGE_MESSAGES.rateRange],
      [{ ratePerUnit: 1000.01 }, PLEDGE_MESSAGES.rateRange],
      [{ ratePerUnit: 1.234 }, PLEDGE_MESSAGES.rateDecimals],
      [{ ratePerUnit: 'lots' }, PLEDGE_MESSAGES.rateRequired],
      [{ ratePerUnit: 2, cap: 1.5 }, PLEDGE_MESSAGES.capBelowRate],
      [{ cap: 10.005 }, PLEDGE_MESSAGES.capDecimals],
      [{ counts: 'weekends' }, PLEDGE_MESSAGES.countsInvalid],
      [{ message: 'x'.repeat(501) }, PLEDGE_MESSAGES.messageTooLong],
    ];
    for (const [change, message] of refused) {
      const res = await pledge(pageId, { ...base, ...change });
      expect({ change, status: res.status, message: res.body.message }).toEqual({ change, status: 400, message });
    }
    expect((await pledge(randomUUID(), base)).status).toBe(404);
    expect((await pledge('not-an-id', base)).status).toBe(404);
  });

  it('limits pledges per IP and per e-mail address (429)', async () => {
    const pageId = await publishedPage();
    const ip = newIp();
    const statuses = [];
    for (let i = 0; i < PUBLIC_WRITES_PER_IP + 1; i += 1)
      statuses.push(
        (await pledge(pageId, { name: 'Sam', email: newEmail(), ratePerUnit: 1, counts: 'race' }, ip)).status,
      );
    expect(statuses).toEqual([...Array<number>(PUBLIC_WRITES_PER_IP).fill(201), 429]);

    const email = newEmail();
    const perAddress = [];
    for (let i = 0; i < PLEDGES_PER_EMAIL + 1; i += 1)
      perAddress.push((await pledge(pageId, { name: 'Sam', email, ratePerUnit: 1, counts: 'race' })).status);
    expect(perAddress).toEqual([...Array<number>(PLEDGES_PER_EMAIL).fill(201), 429]);
  });

  it('confirms a pledge once from its mail; a used, bad or lapsed link is refused', async () => {
    const pageId = await publishedPage();
    const email = newEmail();
    const made = await pledge(pageId, { name: 'Sam', email, ratePerUnit: 2, counts: 'race' });
    const link = await newestLink(email, '/pledges/confirm');
    expect(link.pathname).toBe('/pledges/confirm');
    // The confirmation mail also carries the supporter's unsubscribe and cancel links.
    const mail = mailsTo(email)[0]!;
    expect(linkIn(mail, `/pledges/${made.body.pledge.id}/unsubscribe`)).toBeTruthy();
    const token = link.searchParams.get('token');
    const first = await call('POST', '/api/pledges/confirm', { body: { token } });
    expect(first.status).toBe(200);
    expect(first.body.pledge).toMatchObject({ id: made.body.pledge.id, status: 'active' });
    for (const body of [{ token }, { token: 'nope' }, {}]) {
      const again = await call('POST', '/api/pledges/confirm', { body });
      expect(again).toMatchObject({ status: 400, body: { message: PLEDGE_MESSAGES.confirmLinkInvalid } });
    }
    expect((await pagePledges(pageId)).summary.count).toBe(1);

    // An unconfirmed pledge lapses after 48 hours: its link no longer works, and it is removed.
    const lateEmail = newEmail();
    const late = await pledge(pageId, { name: 'Late', email: lateEmail, ratePerUnit: 2, counts: 'race' });
    const lateLink = await newestLink(lateEmail, '/pledges/confirm');
    await db.query(`UPDATE profiles.pledges SET created_at = now() - interval '49 hours' WHERE id = $1`, [
      late.body.pledge.id,
    ]);
    const lapsed = await call('POST', '/api/pledges/confirm', { body: { token: lateLink.searchParams.get('token') } });
    expect(lapsed).toMatchObject({ status: 400, body: { message: PLEDGE_MESSAGES.confirmLinkInvalid } });
    await eventually(
      async () =>
        expect((await db.query(`SELECT 1 FROM profiles.pledges WHERE id = $1`, [late.body.pledge.id])).rowCount).toBe(
          0,
        ),
      { timeoutMs: 30_000 },
    );
  });

  it("counts the runner's runs from the confirmation day on, any source, up to the cap, and a new run at once", async () => {
    const runner = await signUp();
    await grantAccess(nc, runner.id, 'lifetime');
    const pageId = await publishedPage(runner);
    // Run before the pledge is confirmed: not counted.
    await addRun(runner, day(-1), 5 * METERS_PER_MILE);
    const open = await confirmedPledge(pageId, { ratePerUnit: 1.25 });
    const capped = await confirmedPledge(pageId, { ratePerUnit: 3, cap: 20 });
    let page = await pagePledges(pageId);
    expect(page.pledges.map((p: { earned: number }) => p.earned)).toEqual([0, 0]);

    await addRun(runner, day(0), 10 * METERS_PER_MILE);
    page = await pagePledges(pageId);
    expect(page.summary).toEqual({
      count: 2,
      ratePerUnitTotal: 4.25,
      unit: 'mi',
      distanceCounted: 10,
      sources: { strava: 0, manual: 10, upload: 0 },
      earned: 32.5,
      paid: 0,
      currency: 'USD',
      totals: [{ currency: 'USD', count: 2, ratePerUnitTotal: 4.25, earned: 32.5, paid: 0 }],
    });
    // Largest rate first.
    const usdMi = { unit: 'mi', currency: 'USD' };
    expect(page.pledges).toEqual([
      { name: 'Sam Supporter', ratePerUnit: 3, cap: 20, counts: 'training', earned: 20, status: 'active', ...usdMi },
      {
        name: 'Sam Supporter',
        ratePerUnit: 1.25,
        cap: null,
        counts: 'training',
        earned: 12.5,
        status: 'active',
        ...usdMi,
      },
    ]);
    // No supporter's address in anything the page shows, to visitors or to the owner.
    const manage = await call('GET', `/api/runner-profile/${pageId}/pledges/manage`, { cookie: runner.cookie });
    expect(manage.status).toBe(200);
    // Newest first.
    expect(manage.body.pledges.map((p: { earned: number; due: number }) => [p.earned, p.due])).toEqual([
      [20, 0],
      [12.5, 0],
    ]);
    for (const text of [JSON.stringify(page), manage.text]) {
      expect(text).not.toContain(open.email);
      expect(text).not.toContain(capped.email);
      expect(text).not.toContain('@example.com');
    }
    expect((await call('GET', `/api/runner-profile/${pageId}/pledges/manage`, { cookie: bob.cookie })).status).toBe(
      403,
    );
    expect((await call('GET', `/api/runner-profile/${pageId}/pledges/manage`)).status).toBe(401);
  });

  it('makes pledges fall due on close: earned fixed once, a mail with the amount, the DonorDrive link prefilled and the links', async () => {
    const runner = await signUp();
    await grantAccess(nc, runner.id, 'lifetime');
    const pageId = await publishedPage(runner, {
      donationPlatform: 'donordrive',
      donorDriveEventUrl: 'https://events.example.org/index.cfm?fuseaction=donorDrive.event&eventID=1',
      donorDriveParticipantId: '4242',
    });
    const training = await confirmedPledge(pageId, { ratePerUnit: 0.5 });
    const race = await confirmedPledge(pageId, { ratePerUnit: 2, counts: 'race', cap: 50 });
    const racePage = await pagePledges(pageId);
    expect(racePage.pledges[0]).toMatchObject({ counts: 'race', earned: 0, status: 'active' });
    await addRun(runner, day(0), 8 * METERS_PER_MILE);

    expect((await call('POST', `/api/runner-profile/${pageId}/pledges/close`, { cookie: bob.cookie })).status).toBe(
      403,
    );
    const closed = await call('POST', `/api/runner-profile/${pageId}/pledges/close`, { cookie: runner.cookie });
    expect(closed).toMatchObject({ status: 200, body: { due: 2 } });

    const trainingPaid = await paidLinkOf(training.email, training.id);
    const racePaid = await paidLinkOf(race.email, race.id);
    const [trainingMail] = dueMails(training.email);
    expect(trainingMail).toMatch(/Subject: .*your pledge is \$4\.00/);
    expect(trainingMail).toContain('donationAmount=4.00');
    expect(trainingMail).toContain('participantID=4242');
    expect(linkIn(trainingMail!, `/pledges/${training.id}/cancel`)).toBeTruthy();
    expect(linkIn(trainingMail!, `/pledges/${training.id}/unsubscribe`)).toBeTruthy();
    // The race: 26.2 miles at $2, capped at $50.
    expect(dueMails(race.email)[0]).toContain('donationAmount=50.00');

    // Fixed once: a later run changes nothing, a second close mails nobody again.
    await addRun(runner, day(0), 3 * METERS_PER_MILE);
    expect(await pagePledges(pageId)).toMatchObject({
      summary: { count: 2, earned: 54, paid: 0 },
      pledges: [
        { earned: 50, status: 'due' },
        { earned: 4, status: 'due' },
      ],
    });
    expect((await call('POST', `/api/runner-profile/${pageId}/pledges/close`, { cookie: runner.cookie })).body).toEqual(
      {
        due: 0,
      },
    );

    // "I've paid" works (and again); a paid pledge can no longer be cancelled.
    const paid = await call('POST', `/api/pledges/${training.id}/paid`, {
      body: { token: trainingPaid.searchParams.get('token') },
    });
    expect(paid).toMatchObject({ status: 200, body: { pledge: { id: training.id, status: 'paid', earned: 4 } } });
    const cancelLink = linkIn(trainingMail!, `/pledges/${training.id}/cancel`);
    const cancel = await call('POST', `/api/pledges/${training.id}/cancel`, {
      body: { token: cancelLink.searchParams.get('token') },
    });
    expect(cancel).toMatchObject({ status: 409, body: { message: PLEDGE_MESSAGES.cancelTooLate } });
    // Another pledge's token is no key to this one.
    const wrong = await call('POST', `/api/pledges/${training.id}/paid`, {
      body: { token: racePaid.searchParams.get('token') },
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: PLEDGE_MESSAGES.linkInvalid } });
    expect((await pagePledges(pageId)).summary).toMatchObject({ earned: 54, paid: 4 });
    // New pledges are refused once the runner has finished.
    const late = await pledge(pageId, { name: 'Late', email: newEmail(), ratePerUnit: 1, counts: 'race' });
    expect(late).toMatchObject({ status: 400, body: { message: PLEDGE_MESSAGES.closed } });
    expect(dueMails(training.email)).toHaveLength(1);
    expect(dueMails(race.email)).toHaveLength(1);
  });

  it('lets a supporter cancel before due; reminds 3 and 7 days after due while unpaid, then never; unsubscribing stops mails', async () => {
    const runner = await signUp();
    await grantAccess(nc, runner.id, 'lifetime');
    const pageId = await publishedPage(runner);
    const keeps = await confirmedPledge(pageId, { ratePerUnit: 5, counts: 'race' });
    const quits = await confirmedPledge(pageId, { ratePerUnit: 5, counts: 'race' });
    const withdraws = await confirmedPledge(pageId, { ratePerUnit: 5, counts: 'race' });
    const cancelLink = linkIn(mailsTo(withdraws.email)[0]!, `/pledges/${withdraws.id}/cancel`);
    const cancelled = await call('POST', `/api/pledges/${withdraws.id}/cancel`, {
      body: { token: cancelLink.searchParams.get('token') },
    });
    expect(cancelled).toMatchObject({ status: 200, body: { pledge: { status: 'cancelled' } } });

    expect((await call('POST', `/api/runner-profile/${pageId}/pledges/close`, { cookie: runner.cookie })).body).toEqual(
      { due: 2 },
    );
    await paidLinkOf(keeps.email, keeps.id);
    const quitLink = await paidLinkOf(quits.email, quits.id);
    const unsubscribed = await call('POST', `/api/pledges/${quits.id}/unsubscribe`, {
      body: { token: quitLink.searchParams.get('token') },
    });
    expect(unsubscribed).toMatchObject({ status: 200, body: { success: true } });

    const shiftDue = (days: number) => shiftDueOf(pageId, days);
    await shiftDue(3);
    await eventually(async () => expect(dueMails(keeps.email)).toHaveLength(2), { timeoutMs: 30_000 });
    expect(dueMails(keeps.email)[1]).toMatch(/Subject: Reminder: your pledge to .* is \$131\.00/);
    await shiftDue(4);
    await eventually(async () => expect(dueMails(keeps.email)).toHaveLength(3), { timeoutMs: 30_000 });
    await shiftDue(30);
    await sweptOnce();
    await sweptOnce();
    expect(dueMails(keeps.email)).toHaveLength(3);
    // The one who unsubscribed heard nothing after the mail that fell due; the cancelled one nothing.
    expect(dueMails(quits.email)).toHaveLength(1);
    expect(dueMails(withdraws.email)).toHaveLength(0);
  });

  it("cancels a due pledge from its due mail's cancel link, and no reminder follows; a paid or cancelled one answers 409", async () => {
    const runner = await signUp();
    await grantAccess(nc, runner.id, 'lifetime');
    const pageId = await publishedPage(runner);
    const quits = await confirmedPledge(pageId, { ratePerUnit: 5, counts: 'race' });
    const owes = await confirmedPledge(pageId, { ratePerUnit: 5, counts: 'race' });
    expect((await call('POST', `/api/runner-profile/${pageId}/pledges/close`, { cookie: runner.cookie })).body).toEqual(
      { due: 2 },
    );
    await paidLinkOf(quits.email, quits.id);
    await paidLinkOf(owes.email, owes.id);
    const [dueMail] = dueMails(quits.email);
    const cancelLink = linkIn(dueMail!, `/pledges/${quits.id}/cancel`);
    const cancelled = await call('POST', `/api/pledges/${quits.id}/cancel`, { body: tokenOf(cancelLink) });
    expect(cancelled).toMatchObject({ status: 200, body: { pledge: { id: quits.id, status: 'cancelled' } } });
    const again = await call('POST', `/api/pledges/${quits.id}/cancel`, { body: tokenOf(cancelLink) });
    expect(again).toMatchObject({ status: 409, body: { message: PLEDGE_MESSAGES.cancelled } });
    const paidAfter = await call('POST', `/api/pledges/${quits.id}/paid`, { body: tokenOf(cancelLink) });
    expect(paidAfter).toMatchObject({ status: 409, body: { message: PLEDGE_MESSAGES.cancelled } });
    expect((await pagePledges(pageId)).summary).toMatchObject({ count: 1, earned: 131, paid: 0 });
    const manage = await call('GET', `/api/runner-profile/${pageId}/pledges/manage`, { cookie: runner.cookie });
    expect(manage.body.summary).toMatchObject({ due: 131 });

    // The other pledge's first reminder goes; the cancelled one hears nothing more.
    await shiftDueOf(pageId, 3);
    await eventually(async () => expect(dueMails(owes.email)).toHaveLength(2), { timeoutMs: 30_000 });
    await shiftDueOf(pageId, 4);
    await eventually(async () => expect(dueMails(owes.email)).toHaveLength(3), { timeoutMs: 30_000 });
    await sweptOnce();
    expect(dueMails(quits.email)).toHaveLength(1);
  });

  it('puts a working unsubscribe link in every pledge mail (confirmation, due, both reminders); an unsubscribed pledge gets no more mails', async () => {
    const runner = await signUp();
    await grantAccess(nc, runner.id, 'lifetime');
    const pageId = await publishedPage(runner);
    const fromConfirmation = await confirmedPledge(pageId, { ratePerUnit: 5, counts: 'race' });
    const fromDue = await confirmedPledge(pageId, { ratePerUnit: 5, counts: 'race' });
    const fromReminder = await confirmedPledge(pageId, { ratePerUnit: 5, counts: 'race' });
    const stays = await confirmedPledge(pageId, { ratePerUnit: 5, counts: 'race' });
    const unsubscribeLink = (mail: string, id: string) => linkIn(mail, `/pledges/${id}/unsubscribe`);
    const unsubscribe = async (id: string, link: URL) =>
      expect(await call('POST', `/api/pledges/${id}/unsubscribe`, { body: tokenOf(link) })).toMatchObject({
        status: 200,
        body: { success: true },
      });

    const [confirmation] = mailsTo(fromConfirmation.email);
    expect(confirmation).toMatch(/^Subject: Confirm your pledge/m);
    await unsubscribe(fromConfirmation.id, unsubscribeLink(confirmation!, fromConfirmation.id));

    expect((await call('POST', `/api/runner-profile/${pageId}/pledges/close`, { cookie: runner.cookie })).body).toEqual(
      { due: 4 },
    );
    for (const p of [fromDue, fromReminder, stays]) await paidLinkOf(p.email, p.id);
    await unsubscribe(fromDue.id, unsubscribeLink(dueMails(fromDue.email)[0]!, fromDue.id));

    await shiftDueOf(pageId, 3);
    await eventually(async () => expect(dueMails(stays.email)).toHaveLength(2), { timeoutMs: 30_000 });
    await eventually(async () => expect(dueMails(fromReminder.email)).toHaveLength(2), { timeoutMs: 30_000 });
    await unsubscribe(fromReminder.id, unsubscribeLink(dueMails(fromReminder.email)[1]!, fromReminder.id));

    await shiftDueOf(pageId, 4);
    await eventually(async () => expect(dueMails(stays.email)).toHaveLength(3), { timeoutMs: 30_000 });
    const lastReminder = dueMails(stays.email)[2]!;
    expect(lastReminder).toMatch(/^Subject: Reminder/m);
    await unsubscribe(stays.id, unsubscribeLink(lastReminder, stays.id));
    await sweptOnce();

    // Unsubscribed from the confirmation: not even the due mail; from the due mail: no reminder;
    // from the first reminder: not the second.
    expect(dueMails(fromConfirmation.email)).toHaveLength(0);
    expect(dueMails(fromDue.email)).toHaveLength(1);
    expect(dueMails(fromReminder.email)).toHaveLength(2);
    // Unsubscribing leaves the pledge as it was: still due, still payable.
    expect((await pagePledges(pageId)).pledges.map((p: { status: string }) => p.status)).toEqual([
      'due',
      'due',
      'due',
      'due',
    ]);
  });

  it("answers a pledge in its page's fundraising currency (GBP)", async () => {
    const runner = await signUp();
    await grantAccess(nc, runner.id, 'lifetime');
    const pageId = await publishedPage(runner, { fundraisingCurrency: 'GBP' });
    const email = newEmail();
    const made = await pledge(pageId, { name: 'Pat', email, ratePerUnit: 2, counts: 'race' });
    expect(made).toMatchObject({ status: 201, body: { pledge: { currency: 'GBP' } } });
    const confirmLink = await newestLink(email, '/pledges/confirm');
    const confirmed = await call('POST', '/api/pledges/confirm', { body: tokenOf(confirmLink) });
    expect(confirmed).toMatchObject({ status: 200, body: { pledge: { status: 'active', currency: 'GBP' } } });
    expect((await pagePledges(pageId)).summary.currency).toBe('GBP');
    const manage = await call('GET', `/api/runner-profile/${pageId}/pledges/manage`, { cookie: runner.cookie });
    expect(manage.body.pledges).toEqual([expect.objectContaining({ currency: 'GBP' })]);

    expect((await call('POST', `/api/runner-profile/${pageId}/pledges/close`, { cookie: runner.cookie })).status).toBe(
      200,
    );
    const paidLink = await paidLinkOf(email, made.body.pledge.id);
    const paid = await call('POST', `/api/pledges/${made.body.pledge.id}/paid`, { body: tokenOf(paidLink) });
    expect(paid).toMatchObject({ status: 200, body: { pledge: { status: 'paid', earned: 52.4, currency: 'GBP' } } });
  });

  it('keeps pledges of an unpublished page from everyone, and removes them with the page', async () => {
    const hidden = await call('POST', '/api/runner-profile', { cookie: bob.cookie, body: pageBody() });
    expect(hidden.status).toBe(201);
    const hiddenId = hidden.body.profile.id as string;
    expect(await call('GET', `/api/runner-profile/${hiddenId}/pledges`)).toMatchObject({ status: 404 });
    expect(await pledge(hiddenId, { name: 'Sam', email: newEmail(), ratePerUnit: 1, counts: 'race' })).toMatchObject({
      status: 404,
    });

    const runner = await signUp();
    await grantAccess(nc, runner.id, 'lifetime');
    const pageId = await publishedPage(runner);
    await confirmedPledge(pageId);
    expect((await db.query(`SELECT 1 FROM profiles.pledges WHERE runner_profile_id = $1`, [pageId])).rowCount).toBe(1);
    expect((await call('DELETE', `/api/runner-profile/${pageId}`, { cookie: runner.cookie })).status).toBe(200);
    expect((await db.query(`SELECT 1 FROM profiles.pledges WHERE runner_profile_id = $1`, [pageId])).rowCount).toBe(0);
  });

  it('counts in km on a km page, falls due by itself the day after race day, and exports pledges without addresses', async () => {
    const runner = await signUp();
    await grantAccess(nc, runner.id, 'lifetime');
    const pageId = await publishedPage(runner);
    const edited = await call('PUT', `/api/runner-profile/${pageId}`, {
      cookie: runner.cookie,
      body: { distanceUnit: 'km' },
    });
    expect(edited).toMatchObject({ status: 200, body: { profile: { distanceUnit: 'km' } } });
    const bad = await call('PUT', `/api/runner-profile/${pageId}`, {
      cookie: runner.cookie,
      body: { distanceUnit: 'yd' },
    });
    expect(bad.status).toBe(400);
    const supporter = await confirmedPledge(pageId, { ratePerUnit: 2 });
    await addRun(runner, day(0), 12_500);
    expect((await pagePledges(pageId)).summary).toMatchObject({
      unit: 'km',
      distanceCounted: 12.5,
      sources: { manual: 12.5 },
      earned: 25,
    });

    // Race day was yesterday (and the pledge confirmed before it): the worker makes the pledges fall
    // due without the runner closing them, counting the runs up to race day only.
    await addRun(runner, day(-2), 5_000);
    await db.query(`UPDATE profiles.pledges SET confirmed_on = $2 WHERE id = $1`, [supporter.id, day(-3)]);
    await db.query(`UPDATE profiles.runner_profiles SET marathon_date = $2 WHERE id = $1`, [pageId, day(-1)]);
    await paidLinkOf(supporter.email, supporter.id);
    expect(dueMails(supporter.email)[0]).toMatch(/ran 5 km: your pledge is \$10\.00/);
    expect((await pagePledges(pageId)).pledges).toEqual([
      {
        name: 'Sam Supporter',
        ratePerUnit: 2,
        cap: null,
        counts: 'training',
        earned: 10,
        status: 'due',
        unit: 'km',
        currency: 'USD',
      },
    ]);

    const exported = await call('GET', '/api/account/export', { cookie: runner.cookie });
    expect(exported.status).toBe(200);
    expect(exported.body.profiles.pages[0].pledges).toEqual([
      expect.objectContaining({
        name: 'Sam Supporter',
        ratePerUnit: 2,
        unit: 'km',
        currency: 'USD',
        earned: 10,
        status: 'due',
      }),
    ]);
    expect(exported.text).not.toContain(supporter.email);
  });

  it('counts a run uploaded or entered by hand through the ledger, and no more once it is deleted', async () => {
    const runner = await signUp();
    await grantAccess(nc, runner.id, 'lifetime');
    const pageId = await publishedPage(runner);
    const supporter = await confirmedPledge(pageId, { ratePerUnit: 2 });
    await db.query(`UPDATE profiles.pledges SET confirmed_on = $2 WHERE id = $1`, [supporter.id, day(-3)]);
    const byHand = await addRun(runner, day(-2), 10 * METERS_PER_MILE);
    const form = new FormData();
    form.append('file', new Blob([gpx({ start: Date.parse(`${day(-1)}T12:00:00Z`) })]), 'run.gpx');
    const uploaded = await fetch(`${stack.url}/api/activities/upload`, {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: runner.cookie },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const uploadedMiles = ((await uploaded.json()) as { activity: { distanceMeters: number } }).activity.distanceMeters;
    const miles = uploadedMiles / METERS_PER_MILE;
    await eventually(async () => {
      const { summary } = await pagePledges(pageId);
      expect(summary.sources.manual).toBeCloseTo(10, 2);
      expect(summary.sources.upload).toBeCloseTo(miles, 2);
      expect(summary.earned).toBeCloseTo(2 * (10 + miles), 1);
    });
    expect((await call('DELETE', `/api/activities/${byHand}`, { cookie: runner.cookie })).status).toBe(200);
    await eventually(async () => {
      const { summary, pledges } = await pagePledges(pageId);
      expect(summary.sources.manual).toBe(0);
      expect(summary.earned).toBeCloseTo(2 * miles, 1);
      expect(pledges[0].earned).toBeCloseTo(2 * miles, 1);
    });
  });

  it('applies fitness.runs.changed once under redelivery and only when newer, per day', async () => {
    const runner = await signUp();
    await grantAccess(nc, runner.id, 'lifetime');
    const pageId = await publishedPage(runner);
    await confirmedPledge(pageId, { ratePerUnit: 1 });
    const runs = (version: number, miles: Record<string, number>) => ({
      userId: runner.id,
      version,
      days: Object.entries(miles).map(([date, m]) => ({
        date,
        meters: { strava: 0, manual: m * METERS_PER_MILE, upload: 0 },
      })),
    });
    const earned = async () => (await pagePledges(pageId)).summary.earned as number;
    const v5 = randomUUID();
    await publishEvent(FITNESS_EVENTS.runsChanged.type, runs(5, { [day(0)]: 10 }), v5);
    await eventually(async () => expect(await earned()).toBe(10));
    // The same event again, an older one, then a newer one for the day and a late older one.
    await publishEvent(FITNESS_EVENTS.runsChanged.type, runs(5, { [day(0)]: 10 }), v5);
    await publishEvent(FITNESS_EVENTS.runsChanged.type, runs(4, { [day(0)]: 99 }));
    await publishEvent(FITNESS_EVENTS.runsChanged.type, runs(8, { [day(0)]: 4, [day(1)]: 3 }));
    await publishEvent(FITNESS_EVENTS.runsChanged.type, runs(7, { [day(0)]: 50, [day(1)]: 50 }));
    await eventually(async () => expect(await earned()).toBe(7));
    // An unrelated event after them: all before it are handled by then.
    await publishEvent(FITNESS_EVENTS.runsChanged.type, { userId: bob.id, version: 1, days: [] });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await earned()).toBe(7);
    // A day emptied by a newer change leaves the sums; the same change redelivered, nothing more.
    const v9 = randomUUID();
    await publishEvent(FITNESS_EVENTS.runsChanged.type, runs(9, { [day(1)]: 0 }), v9);
    await publishEvent(FITNESS_EVENTS.runsChanged.type, runs(9, { [day(1)]: 0 }), v9);
    await eventually(async () => expect(await earned()).toBe(4));
  });

  it("seeds a runner's ledger once from fitness's runs that no event told, and forgets it with the account", async () => {
    const runner = await signUp();
    await grantAccess(nc, runner.id, 'lifetime');
    const pageId = await publishedPage(runner);
    await confirmedPledge(pageId, { ratePerUnit: 2 });
    await addRun(runner, day(0), 3 * METERS_PER_MILE);
    await eventually(async () => expect((await pagePledges(pageId)).summary.earned).toBe(6));
    // As before fitness told profiles of each run: no ledger and no seed for the runner.
    await db.query(`DELETE FROM profiles.run_ledger WHERE user_id = $1`, [runner.id]);
    await db.query(`DELETE FROM profiles.run_ledger_seeds WHERE user_id = $1`, [runner.id]);
    expect((await pagePledges(pageId)).summary.earned).toBe(0);
    // The worker's sweep (every second here) seeds it once from fitness.distance.by-day.
    await eventually(async () => expect((await pagePledges(pageId)).summary.earned).toBe(6), { timeoutMs: 30_000 });
    // A late redelivery of the run's own event can refill the day before the sweep comes by: the seed
    // is still taken once, on the sweep's next pass.
    await eventually(
      async () =>
        expect(
          (await db.query(`SELECT 1 FROM profiles.run_ledger_seeds WHERE user_id = $1`, [runner.id])).rowCount,
        ).toBe(1),
      { timeoutMs: 30_000 },
    );
    // The account goes: its ledger and seed with it, and no later event brings them back.
    expect(
      (await call('DELETE', '/api/account', { cookie: runner.cookie, body: { password: 'Secret123' } })).status,
    ).toBe(200);
    const left = async () =>
      (
        await db.query(
          `SELECT (SELECT count(*) FROM profiles.run_ledger WHERE user_id = $1)
                + (SELECT count(*) FROM profiles.run_ledger_seeds WHERE user_id = $1) AS n`,
          [runner.id],
        )
      ).rows[0].n;
    await eventually(async () => expect(Number(await left())).toBe(0));
    await publishEvent(FITNESS_EVENTS.runsChanged.type, {
      userId: runner.id,
      version: 99,
      days: [{ date: day(0), meters: { strava: 0, manual: 1000, upload: 0 } }],
    });
    await publishEvent(FITNESS_EVENTS.runsChanged.type, { userId: bob.id, version: 1, days: [] });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(Number(await left())).toBe(0);
  });

  // Last: it stops fitness.
  it("answers a page's pledges and sums from the ledger while fitness is away", async () => {
    const runner = await signUp();
    await grantAccess(nc, runner.id, 'lifetime');
    const pageId = await publishedPage(runner);
    await confirmedPledge(pageId, { ratePerUnit: 1.5 });
    await confirmedPledge(pageId, { ratePerUnit: 1, cap: 5 });
    await addRun(runner, day(0), 6 * METERS_PER_MILE);
    const expected = {
      summary: { count: 2, distanceCounted: 6, sources: { manual: 6 }, earned: 14, ratePerUnitTotal: 2.5 },
      pledges: [{ earned: 9 }, { earned: 5 }],
    };
    await eventually(async () => expect(await pagePledges(pageId)).toMatchObject(expected));
    await stack.processes.get('fitness')!.stop();
    const started = Date.now();
    expect(await pagePledges(pageId)).toMatchObject(expected);
    expect(Date.now() - started).toBeLessThan(5_000);
    const manage = await call('GET', `/api/runner-profile/${pageId}/pledges/manage`, { cookie: runner.cookie });
    expect(manage).toMatchObject({
      status: 200,
      body: { summary: { earned: 14, distanceCounted: 6 }, pledges: [{ earned: 5 }, { earned: 9 }] },
    });
    stack.restart('fitness');
  });
});
