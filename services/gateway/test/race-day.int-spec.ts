import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { FITNESS_EVENTS, INVALID_DATE_MESSAGE, RACE_DAY_MESSAGES, hourIn, todayIn } from '@runpledge/contracts';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import { gpx } from './fixtures/activity-files/generate.mjs';
import { apiClient, pageBody, type ApiResponse } from './support/api-client.js';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { linkIn, mailsTo, newestLink } from './support/outbox-mails.js';
import { grantAccess, publishEvent } from './support/stack-users.js';

jest.setTimeout(120_000);

/** Today and other days (`YYYY-MM-DD`, UTC: a page without a race time zone races in UTC). */
const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** 2,800 steps of 15 m every 5 s with a 5-minute stop: 42 km, 3:58:20 start to finish. */
const MARATHON_FILE = { count: 2800, meters: 42_000, elapsed: 2800 * 5 + 300, time: '3:58:20' };

describe('race day through the gateway', () => {
  let stack: Stack;
  let nc: NatsConnection;
  let db: pg.Client;
  let ipCounter = 0;
  const newIp = () => `198.51.${Math.floor((ipCounter += 1) / 250)}.${(ipCounter % 250) + 1}`;
  const { call: rawCall, signUp } = apiClient(() => stack.url);
  const call = (
    method: string,
    path: string,
    { body, cookie, ip = newIp() }: { body?: unknown; cookie?: string; ip?: string } = {},
  ): Promise<ApiResponse> => rawCall(method, path, { body, cookie, headers: { 'x-forwarded-for': ip } });
  const newEmail = () => `fan-${randomUUID()}@example.com`;

  async function runner(): Promise<{ cookie: string; id: string }> {
    const user = await signUp();
    await grantAccess(nc, user.id, 'lifetime');
    return user;
  }

  async function publishedPage(
    owner: { cookie: string },
    overrides: Record<string, unknown> = {},
  ): Promise<{ id: string; slug: string }> {
    const res = await call('POST', '/api/runner-profile', { cookie: owner.cookie, body: pageBody(overrides) });
    expect(res.status).toBe(201);
    const slug = res.body.profile.urlSlug as string;
    await eventually(async () =>
      expect((await call('GET', `/api/runner-profile/${slug}`)).body.profile.published).toBe(true),
    );
    return { id: res.body.profile.id as string, slug };
  }

  const view = async (slug: string) => (await call('GET', `/api/runner-profile/${slug}`)).body.profile;

  /** A confirmed follower of the page: followed, the mail's link followed. */
  async function follower(pageId: string, name: string | null = 'Fran Fan', email = newEmail()): Promise<string> {
    const made = await call('POST', `/api/runner-profile/${pageId}/followers`, { body: { name, email } });
    expect(made).toMatchObject({ status: 201, body: { follower: { status: 'pending_confirmation' } } });
    const link = await newestLink(email, '/followers/confirm');
    expect(
      await call('POST', '/api/followers/confirm', { body: { token: link.searchParams.get('token') } }),
    ).toMatchObject({ status: 200, body: { success: true } });
    return email;
  }

  async function confirmedPledge(
    pageId: string,
    body: Record<string, unknown> = {},
    email = newEmail(),
  ): Promise<{ id: string; email: string }> {
    const made = await call('POST', `/api/runner-profile/${pageId}/pledges`, {
      body: { name: 'Pat Pledger', email, ratePerUnit: 1, counts: 'race', ...body },
    });
    expect(made.status).toBe(201);
    const link = await newestLink(email, '/pledges/confirm');
    expect(
      (await call('POST', '/api/pledges/confirm', { body: { token: link.searchParams.get('token') } })).status,
    ).toBe(200);
    return { id: made.body.pledge.id as string, email };
  }

  const subjects = (email: string) => mailsTo(email).map((m) => /^Subject: (.*)$/m.exec(m)?.[1] ?? '');
  const finishMails = (email: string) => subjects(email).filter((s) => / finished /.test(s));

  async function upload(owner: { cookie: string }, file: string): Promise<Response> {
    const form = new FormData();
    form.append('file', new Blob([file]), 'race.gpx');
    return fetch(`${stack.url}/api/activities/upload`, {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: owner.cookie },
      body: form,
    });
  }

  beforeAll(async () => {
    stack = await startGatewayStack({
      TRUST_PROXY: 'true',
      RACE_DAY_SWEEP_EVERY_SECONDS: '1',
      PLEDGES_SWEEP_EVERY_SECONDS: '1',
    });
    nc = await connect({ servers: process.env.NATS_URL });
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await db?.end();
    await nc?.close();
    await stack?.stop();
  });

  it('lets the owner record, correct and undo the result from race day on, with the contract wording', async () => {
    const owner = await runner();
    const other = await runner();
    const early = await publishedPage(owner, { marathonDate: day(2) });
    const put = (id: string, body: unknown, cookie = owner.cookie) =>
      call('PUT', `/api/runner-profile/${id}/race-result`, { cookie, body });

    expect(await put(early.id, { status: 'finished', finishSeconds: 4 * 3600 })).toMatchObject({
      status: 400,
      body: { message: RACE_DAY_MESSAGES.beforeRaceDay },
    });
    const page = await publishedPage(owner, { marathonDate: day(0) });
    expect((await view(page.slug)).raceResult).toBeNull();
    expect(await put(page.id, { status: 'finished', finishSeconds: 4 * 3600 }, other.cookie)).toMatchObject({
      status: 403,
    });
    expect((await call('PUT', `/api/runner-profile/${page.id}/race-result`, { body: { status: null } })).status).toBe(
      401,
    );
    for (const finishSeconds of [110 * 60 - 1, 12 * 3600 + 1, 3.5])
      expect(await put(page.id, { status: 'finished', finishSeconds })).toMatchObject({
        status: 400,
        body: { message: RACE_DAY_MESSAGES.finishRange },
      });
    expect(await put(page.id, { status: 'finished' })).toMatchObject({
      status: 400,
      body: { message: RACE_DAY_MESSAGES.finishRequired },
    });
    expect(await put(page.id, { status: 'won' })).toMatchObject({
      status: 400,
      body: { message: RACE_DAY_MESSAGES.statusInvalid },
    });

    const set = await put(page.id, { status: 'finished', finishSeconds: 110 * 60 });
    expect(set.status).toBe(200);
    expect(set.body.profile).toMatchObject({
      id: page.id,
      isOwner: true,
      raceResult: { status: 'finished', finishSeconds: 110 * 60, source: 'manual' },
    });
    expect((await view(page.slug)).raceResult).toEqual({ status: 'finished', finishSeconds: 6600, source: 'manual' });
    expect((await put(page.id, { status: 'did_not_finish' })).status).toBe(200);
    expect((await view(page.slug)).raceResult).toEqual({ status: 'did_not_finish', finishSeconds: null, source: null });
    expect((await put(page.id, { status: null })).status).toBe(200);
    expect((await view(page.slug)).raceResult).toBeNull();
    expect((await view(page.slug)).raisingUntil).toBe(day(30));
  });

  it('lets the owner choose the last day of raising, race day to a year after, and a moved race puts it back', async () => {
    const owner = await runner();
    const other = await runner();
    const page = await publishedPage(owner, { marathonDate: day(5) });
    const edit = (body: Record<string, unknown>, cookie = owner.cookie) =>
      call('PUT', `/api/runner-profile/${page.id}`, { cookie, body });

    expect((await view(page.slug)).raisingUntil).toBe(day(35));
    for (const [raisingUntil, message] of [
      [day(4), RACE_DAY_MESSAGES.raisingUntilBeforeRace],
      [day(5 + 366), RACE_DAY_MESSAGES.raisingUntilTooLate],
      ['2027-02-30', INVALID_DATE_MESSAGE],
      ['', 'Please choose the last day of raising.'],
    ] as const)
      expect(await edit({ raisingUntil })).toMatchObject({ status: 400, body: { message } });
    expect((await edit({ raisingUntil: day(20) }, other.cookie)).status).toBe(403);
    expect((await view(page.slug)).raisingUntil).toBe(day(35));

    // Race day itself and a year after are both allowed.
    expect((await edit({ raisingUntil: day(5) })).status).toBe(200);
    expect((await view(page.slug)).raisingUntil).toBe(day(5));
    expect((await edit({ raisingUntil: day(5 + 365) })).status).toBe(200);
    expect((await view(page.slug)).raisingUntil).toBe(day(5 + 365));
    expect((await edit({ raisingUntil: day(12) })).status).toBe(200);
    expect((await view(page.slug)).raisingUntil).toBe(day(12));
    // Another edit leaves it; null goes back to 30 days after race day.
    expect((await edit({ goalHours: 4 })).status).toBe(200);
    expect((await view(page.slug)).raisingUntil).toBe(day(12));
    expect((await edit({ raisingUntil: null })).status).toBe(200);
    expect((await view(page.slug)).raisingUntil).toBe(day(35));

    // The race moves past the chosen day: the page is back on the default for its new race day.
    expect((await edit({ raisingUntil: day(12) })).status).toBe(200);
    expect((await edit({ marathonDate: day(40) })).status).toBe(200);
    expect((await view(page.slug)).raisingUntil).toBe(day(70));
  });

  it("runs a race new to the directory in its first runner's time zone; the next runners' zones and unknown zones change nothing", async () => {
    const owner = await runner();
    const race = { marathonName: `Lakeside ${randomUUID().slice(0, 8)} Marathon`, marathonDate: day(40) };
    const eventOf = async (slug: string) => {
      const { event } = await view(slug);
      return (await call('GET', `/api/events/${event.slug}`)).body.event as { slug: string; timeZone: string };
    };
    const first = await publishedPage(owner, { ...race, timeZone: 'America/Denver' });
    const second = await publishedPage(owner, { ...race, timeZone: 'Europe/Paris' });
    expect(await eventOf(first.slug)).toMatchObject({ timeZone: 'America/Denver' });
    expect(await eventOf(second.slug)).toEqual(await eventOf(first.slug));
    // A zone this server does not know is ignored, not refused: the race is run in UTC.
    const unknown = await publishedPage(owner, {
      marathonName: `Hilltop ${randomUUID().slice(0, 8)} Marathon`,
      marathonDate: day(40),
      timeZone: 'Mars/Olympus_Mons',
    });
    expect(await eventOf(unknown.slug)).toMatchObject({ timeZone: 'UTC' });
  });

  it('takes followers by double opt-in, counts confirmed ones and never shows an address', async () => {
    const owner = await runner();
    const page = await publishedPage(owner, { marathonDate: day(5) });
    const email = newEmail();
    const follow = (body: unknown) => call('POST', `/api/runner-profile/${page.id}/followers`, { body });
    expect(await follow({ email: 'not-an-address' })).toMatchObject({ status: 400 });
    expect(await follow({ email, name: 'x'.repeat(101) })).toMatchObject({
      status: 400,
      body: { message: RACE_DAY_MESSAGES.nameTooLong },
    });
    expect(await follow({ email, name: 'Fran\u0000' })).toMatchObject({ status: 400 });
    expect((await call('POST', `/api/runner-profile/${randomUUID()}/followers`, { body: { email } })).status).toBe(404);
    expect(await follow({ email: `  ${email.toUpperCase()} ` })).toMatchObject({
      status: 201,
      body: { follower: { status: 'pending_confirmation' } },
    });
    expect((await view(page.slug)).followerCount).toBe(0);
    const link = await newestLink(email, '/followers/confirm');
    const token = link.searchParams.get('token');
    expect((await call('POST', '/api/followers/confirm', { body: { token } })).status).toBe(200);
    expect(await call('POST', '/api/followers/confirm', { body: { token } })).toMatchObject({
      status: 400,
      body: { message: RACE_DAY_MESSAGES.confirmLinkInvalid },
    });
    await eventually(async () => expect((await view(page.slug)).followerCount).toBe(1));
    // The same inbox again: the same answer, no second follower, no mail.
    const mailsBefore = mailsTo(email).length;
    expect((await follow({ email })).status).toBe(201);
    await follower(page.id, null);
    await eventually(async () => expect((await view(page.slug)).followerCount).toBe(2));
    expect(mailsTo(email).length).toBe(mailsBefore);
    const body = JSON.stringify(await call('GET', `/api/runner-profile/${page.slug}`));
    expect(body).not.toContain(email);
  });

  it('records the finish from a 42 km file on race day: pledges fall due, every follower and pledger mailed once', async () => {
    const owner = await runner();
    const page = await publishedPage(owner, { marathonDate: day(0) });
    const fan = await follower(page.id);
    const pledger = await confirmedPledge(page.id);
    // A supporter who follows and pledges hears of the finish once: the pledge's mail, with the time.
    const both = await follower(page.id, 'Bo Both');
    await confirmedPledge(page.id, {}, both);

    const uploaded = await upload(owner, gpx({ start: Date.parse(`${day(0)}T00:05:00Z`), count: MARATHON_FILE.count }));
    expect(uploaded.status).toBe(201);
    await eventually(
      async () =>
        expect((await view(page.slug)).raceResult).toEqual({
          status: 'finished',
          finishSeconds: MARATHON_FILE.elapsed,
          source: 'upload',
        }),
      { timeoutMs: 30_000 },
    );
    // The pledges fell due at once (not the day after), and the pledger's one mail has the time, amount and link.
    await eventually(async () => {
      const { rows } = await db.query(`SELECT status FROM profiles.pledges WHERE id = $1`, [pledger.id]);
      expect(rows[0]).toEqual({ status: 'due' });
    });
    const dueMail = await eventually(
      async () => {
        const [mail] = mailsTo(pledger.email).filter((m) => /your pledge is/.test(m));
        expect(mail).toBeDefined();
        return mail!;
      },
      { timeoutMs: 30_000 },
    );
    expect(dueMail).toContain(`finished the marathon in ${MARATHON_FILE.time}`);
    expect(dueMail).toContain('$26.20');
    expect(linkIn(dueMail, `/pledges/${pledger.id}/paid`)).toBeTruthy();
    await eventually(async () => expect(finishMails(fan)).toHaveLength(1), { timeoutMs: 30_000 });
    expect(finishMails(fan)[0]).toContain(MARATHON_FILE.time);

    // A second 40 km run on race day records no second finish.
    const second = await call('POST', '/api/activities', {
      cookie: owner.cookie,
      body: { date: day(0), distanceKm: 41, durationSeconds: 5 * 3600 },
    });
    expect(second.status).toBe(201);
    // Undone, then recorded again by hand: a follower who joined meanwhile hears of it, nobody twice.
    expect(
      (
        await call('PUT', `/api/runner-profile/${page.id}/race-result`, {
          cookie: owner.cookie,
          body: { status: null },
        })
      ).status,
    ).toBe(200);
    const late = await follower(page.id, 'Late Fan');
    expect(
      (
        await call('PUT', `/api/runner-profile/${page.id}/race-result`, {
          cookie: owner.cookie,
          body: { status: 'finished', finishSeconds: 4 * 3600 + 1 },
        })
      ).status,
    ).toBe(200);
    await eventually(async () => expect(finishMails(late)).toHaveLength(1), { timeoutMs: 30_000 });
    expect(finishMails(late)[0]).toContain('4:00:01');
    expect((await view(page.slug)).raceResult).toEqual({ status: 'finished', finishSeconds: 14401, source: 'manual' });
    expect(finishMails(fan)).toHaveLength(1);
    expect(mailsTo(pledger.email).filter((m) => /your pledge is/.test(m))).toHaveLength(1);
    expect(finishMails(both)).toHaveLength(1);
    expect(finishMails(both)[0]).toMatch(/your pledge is/);
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM profiles.race_results WHERE runner_profile_id = $1`,
      [page.id],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it("records the finish from a run by hand and from Strava's runs, in the race's time zone", async () => {
    const owner = await runner();
    const page = await publishedPage(owner, { marathonDate: day(0) });
    const short = await call('POST', '/api/activities', {
      cookie: owner.cookie,
      body: { date: day(0), distanceKm: 39.9, durationSeconds: 4 * 3600 },
    });
    expect(short.status).toBe(201);
    const byHand = await call('POST', '/api/activities', {
      cookie: owner.cookie,
      body: { date: day(0), distanceKm: 42.2, durationSeconds: 4 * 3600 + 30 },
    });
    expect(byHand.status).toBe(201);
    await eventually(
      async () =>
        expect((await view(page.slug)).raceResult).toEqual({
          status: 'finished',
          finishSeconds: 14430,
          source: 'manual',
        }),
      { timeoutMs: 30_000 },
    );

    // Strava's runs as fitness tells them: a run the evening before in Tokyo is race day there, not in UTC.
    const stravaRunner = await runner();
    // Race day is today in Tokyo (a finish is taken from runs told on race day or in the two weeks after).
    const tokyoDay = todayIn('Asia/Tokyo', new Date());
    // A race new to the directory is run in the runner's own time zone (their browser's).
    const tokyo = await publishedPage(stravaRunner, {
      marathonDate: tokyoDay,
      marathonName: `Tokyo ${randomUUID().slice(0, 8)} Marathon`,
      timeZone: 'Asia/Tokyo',
    });
    const { rows: zones } = await db.query(`SELECT race_time_zone FROM profiles.runner_profiles WHERE id = $1`, [
      tokyo.id,
    ]);
    expect(zones).toEqual([{ race_time_zone: 'Asia/Tokyo' }]);
    const run = {
      // 07:10 in Tokyo: 22:10 UTC the day before.
      startDate: new Date(`${tokyoDay}T07:10:00+09:00`).toISOString(),
      startDateLocal: `${tokyoDay}T07:10:00`,
      distanceMeters: 42_400,
      elapsedSeconds: 3 * 3600 + 33,
      source: 'strava',
    };
    await publishEvent(nc, FITNESS_EVENTS.runsChanged.type, {
      userId: stravaRunner.id,
      version: 1,
      days: [{ date: tokyoDay, meters: { strava: 42_400, manual: 0, upload: 0 }, runs: [run] }],
    });
    await eventually(
      async () =>
        expect((await view(tokyo.slug)).raceResult).toEqual({
          status: 'finished',
          finishSeconds: 10833,
          source: 'strava',
        }),
      { timeoutMs: 30_000 },
    );
  });

  it('sends the thank-you from race day on, once a week, to followers and standing pledges, never to a suppressed inbox', async () => {
    const owner = await runner();
    const early = await publishedPage(owner, { marathonDate: day(3) });
    const thank = (id: string, body: unknown) =>
      call('POST', `/api/runner-profile/${id}/thank-you`, { cookie: owner.cookie, body });
    expect(await thank(early.id, { message: 'Thanks!' })).toMatchObject({
      status: 400,
      body: { message: RACE_DAY_MESSAGES.thankYouBeforeRaceDay },
    });
    const page = await publishedPage(owner, { marathonDate: day(0) });
    const fan = await follower(page.id);
    const quiet = await follower(page.id);
    const standing = await confirmedPledge(page.id, { counts: 'training' });
    const cancelled = await confirmedPledge(page.id, { counts: 'training' });
    const cancelLink = await newestLink(cancelled.email, `/pledges/${cancelled.id}/cancel`);
    expect(
      (
        await call('POST', `/api/pledges/${cancelled.id}/cancel`, {
          body: { token: cancelLink.searchParams.get('token') },
        })
      ).status,
    ).toBe(200);
    // The quiet follower asks for no more mail from its confirmation mail's link.
    const stop = linkIn(
      mailsTo(quiet).find((m) => m.includes('/mail/stop'))!,
      '/mail/stop',
    );
    expect((await call('POST', '/api/mail/suppress', { body: { token: stop.searchParams.get('token') } })).status).toBe(
      200,
    );

    expect(await thank(page.id, { message: '' })).toMatchObject({
      status: 400,
      body: { message: RACE_DAY_MESSAGES.thankYouRequired },
    });
    const sent = await thank(page.id, { message: 'Thank you all!\nWe raised it together <3' });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ recipients: 3 });
    expect(await thank(page.id, { message: 'Again' })).toMatchObject({
      status: 429,
      body: { message: RACE_DAY_MESSAGES.thankYouTooSoon },
    });
    const thanked = (email: string) => mailsTo(email).filter((m) => /^Subject: A thank-you from/m.test(m));
    await eventually(async () => {
      expect(thanked(fan)).toHaveLength(1);
      expect(thanked(standing.email)).toHaveLength(1);
    });
    expect(thanked(fan)[0]).toContain('We raised it together <3');
    expect(thanked(cancelled.email)).toHaveLength(0);
    expect(thanked(quiet)).toHaveLength(0);
    // A week later the runner may thank again: pledgers hear it, a follower's one thank-you was its last.
    await db.query(
      `UPDATE profiles.thank_yous SET sent_at = sent_at - interval '7 days' WHERE runner_profile_id = $1`,
      [page.id],
    );
    expect((await thank(page.id, { message: 'One more thanks' })).status).toBe(202);
    await eventually(async () => expect(thanked(standing.email)).toHaveLength(2));
    expect(thanked(fan)).toHaveLength(1);
  });

  it('mails followers "Today\'s the day" on race morning in the race\'s time zone, once', async () => {
    const now = new Date();
    const zone = ['UTC', 'Asia/Tokyo', 'America/New_York', 'Pacific/Kiritimati', 'America/Los_Angeles'].find(
      (z) => hourIn(z, now) >= 6 && hourIn(z, now) < 23,
    )!;
    const owner = await runner();
    const raceDay = todayIn(zone, now);
    const page = await publishedPage(owner, { marathonDate: raceDay });
    await db.query(`UPDATE profiles.runner_profiles SET race_time_zone = $2 WHERE id = $1`, [page.id, zone]);
    const notYet = await publishedPage(owner, { marathonDate: day(4) });
    const fan = await follower(page.id);
    const waiting = await follower(notYet.id);
    const morning = (email: string) => subjects(email).filter((s) => s.startsWith("Today's the day"));
    await eventually(async () => expect(morning(fan)).toHaveLength(1), { timeoutMs: 30_000 });
    // Later sweeps send no second one; a page whose race day has not come sends none.
    const second = await follower(page.id);
    await eventually(async () => expect(morning(second)).toHaveLength(1), { timeoutMs: 30_000 });
    expect(morning(fan)).toHaveLength(1);
    expect(morning(waiting)).toHaveLength(0);
  });
});
