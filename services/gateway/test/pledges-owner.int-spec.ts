import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { PLEDGE_MESSAGES } from '@runpledge/contracts';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import { apiClient, pageBody, type ApiResponse, type Json } from './support/api-client.js';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { mailsTo, newestLink } from './support/outbox-mails.js';
import { grantAccess } from './support/stack-users.js';

jest.setTimeout(120_000);

/** A pledge's currency and removal, its lists in pages, and a runner's export of any number of pledges. */
describe('pledges the runner manages: their own currency, removal, pages, the export', () => {
  let stack: Stack;
  let nc: NatsConnection;
  let db: pg.Client;
  let maxPayload: number;
  let ipCounter = 0;
  const newIp = () => `198.51.${Math.floor((ipCounter += 1) / 250)}.${(ipCounter % 250) + 1}`;
  const { call: rawCall, signUp } = apiClient(() => stack.url);
  const call = (
    method: string,
    path: string,
    { body, cookie }: { body?: unknown; cookie?: string } = {},
  ): Promise<ApiResponse> => rawCall(method, path, { body, cookie, headers: { 'x-forwarded-for': newIp() } });
  const newEmail = () => `supporter-${randomUUID()}@example.com`;

  async function runnerWithPage(overrides: Record<string, unknown> = {}) {
    const runner = await signUp();
    await grantAccess(nc, runner.id, 'lifetime');
    const res = await call('POST', '/api/runner-profile', { cookie: runner.cookie, body: pageBody(overrides) });
    expect(res.status).toBe(201);
    const { id, urlSlug } = res.body.profile as { id: string; urlSlug: string };
    await eventually(async () =>
      expect((await call('GET', `/api/runner-profile/${urlSlug}`)).body.profile.published).toBe(true),
    );
    return { runner, pageId: id };
  }

  async function confirmedPledge(pageId: string, body: Record<string, unknown>) {
    const email = newEmail();
    const made = await call('POST', `/api/runner-profile/${pageId}/pledges`, {
      body: { name: 'Sam Supporter', email, ratePerUnit: 1, counts: 'race', ...body },
    });
    expect(made.status).toBe(201);
    const link = await newestLink(email, '/pledges/confirm');
    const confirmed = await call('POST', '/api/pledges/confirm', { body: { token: link.searchParams.get('token') } });
    expect(confirmed.status).toBe(200);
    return { id: made.body.pledge.id as string, email };
  }

  /** `count` confirmed pledges written straight to the table, rates 1..count, in the page's currency and unit. */
  const seedPledges = (pageId: string, count: number, name = "'Supporter ' || i", message: string | null = null) =>
    db.query(
      `INSERT INTO profiles.pledges (runner_profile_id, name, email, message, rate_per_unit, counts, unit, currency,
         status, confirmed_at, confirmed_on, created_at)
       SELECT p.id, ${name}, 'seed-' || i || '@example.com', $3, i, 'race', p.distance_unit, p.fundraising_currency,
              'active', now(), current_date, now() - make_interval(secs => i)
         FROM profiles.runner_profiles p, generate_series(1, $2) AS i WHERE p.id = $1`,
      [pageId, count, message],
    );

  // Read by their text: a subject with an amount like "SEK 100.00" or "£52.40" is an encoded word.
  const dueMails = (email: string) => mailsTo(email).filter((m) => m.includes('Your pledge comes to'));

  /** Waits for one pass of the worker's sweep after now: a pledge made to lapse is gone. */
  async function sweptOnce(pageId: string): Promise<void> {
    const made = await call('POST', `/api/runner-profile/${pageId}/pledges`, {
      body: { name: 'Marker', email: newEmail(), ratePerUnit: 1, counts: 'race' },
    });
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

  beforeAll(async () => {
    stack = await startGatewayStack({
      TRUST_PROXY: 'true',
      RATE_LIMIT_PUBLIC_WRITES_PER_IP: '1000',
      PLEDGES_SWEEP_EVERY_SECONDS: '1',
    });
    nc = await connect({ servers: process.env.NATS_URL });
    maxPayload = nc.info!.max_payload;
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await db?.end();
    await nc?.close();
    await stack?.stop();
  });

  it('keeps a pledge in the currency it was made in when the page changes currency, in every answer and mail', async () => {
    const { runner, pageId } = await runnerWithPage({ fundraisingCurrency: 'SEK' });
    const sek = await confirmedPledge(pageId, { ratePerUnit: 10, cap: 100 });
    const changed = await call('PUT', `/api/runner-profile/${pageId}`, {
      cookie: runner.cookie,
      body: { fundraisingCurrency: 'GBP' },
    });
    expect(changed).toMatchObject({ status: 200, body: { profile: { fundraisingCurrency: 'GBP' } } });
    const gbp = await confirmedPledge(pageId, { ratePerUnit: 2 });

    const manage = await call('GET', `/api/runner-profile/${pageId}/pledges/manage`, { cookie: runner.cookie });
    const currencyOf = (id: string) => manage.body.pledges.find((p: Json) => p.id === id).currency;
    expect([currencyOf(sek.id), currencyOf(gbp.id)]).toEqual(['SEK', 'GBP']);

    expect((await call('POST', `/api/runner-profile/${pageId}/pledges/close`, { cookie: runner.cookie })).body).toEqual(
      { due: 2 },
    );
    await eventually(async () => expect(dueMails(sek.email)).toHaveLength(1), { timeoutMs: 30_000 });
    const [sekMail] = dueMails(sek.email);
    expect(sekMail).toMatch(/Your pledge comes to SEK.{0,3}100\.00\./);
    expect(sekMail).toMatch(/Give SEK.{0,3}100\.00 on /);
    expect(sekMail).toMatch(/SEK.{0,3}10 per mile/);
    expect(sekMail).not.toContain('\u00a3');
    await eventually(async () => expect(dueMails(gbp.email)).toHaveLength(1), { timeoutMs: 30_000 });
    expect(dueMails(gbp.email)[0]).toMatch(/Your pledge comes to .{0,2}\u00a352\.40\./);

    // Sums never add two currencies: each is stated with its own.
    const { summary, pledges } = (await call('GET', `/api/runner-profile/${pageId}/pledges`)).body;
    expect(summary.totals).toEqual([
      { currency: 'GBP', count: 1, ratePerUnitTotal: 2, earned: 52.4, paid: 0 },
      { currency: 'SEK', count: 1, ratePerUnitTotal: 10, earned: 100, paid: 0 },
    ]);
    expect(summary).toMatchObject({ count: 2, currency: 'GBP', earned: 52.4, ratePerUnitTotal: 2 });
    expect(pledges.map((p: Json) => [p.currency, p.earned])).toEqual([
      ['SEK', 100],
      ['GBP', 52.4],
    ]);

    // The reminder too.
    await db.query(
      `UPDATE profiles.pledges SET due_at = due_at - interval '3 days', next_reminder_at = next_reminder_at - interval '3 days'
        WHERE runner_profile_id = $1`,
      [pageId],
    );
    await eventually(async () => expect(dueMails(sek.email)).toHaveLength(2), { timeoutMs: 30_000 });
    expect(dueMails(sek.email)[1]).toMatch(/A reminder: .*Your pledge comes to SEK.{0,3}100\.00\./);
  });

  it('lets the owner remove a pledge: gone from every list and sum at once, and never mailed about again', async () => {
    const { runner, pageId } = await runnerWithPage();
    const other = await runnerWithPage();
    const keeps = await confirmedPledge(pageId, { ratePerUnit: 1 });
    const abusive = await confirmedPledge(pageId, { ratePerUnit: 999, name: 'Rude Name' });
    const removedLater = await confirmedPledge(pageId, { ratePerUnit: 3 });

    const path = `/api/runner-profile/${pageId}/pledges/${abusive.id}`;
    expect((await call('DELETE', path)).status).toBe(401);
    expect((await call('DELETE', path, { cookie: other.runner.cookie })).status).toBe(403);
    expect(
      (
        await call('DELETE', `/api/runner-profile/${other.pageId}/pledges/${abusive.id}`, {
          cookie: other.runner.cookie,
        })
      ).status,
    ).toBe(404);
    expect(await call('DELETE', path, { cookie: runner.cookie })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(await call('DELETE', path, { cookie: runner.cookie })).toMatchObject({
      status: 404,
      body: { message: PLEDGE_MESSAGES.notFound },
    });
    expect(
      (await call('DELETE', `/api/runner-profile/${pageId}/pledges/not-an-id`, { cookie: runner.cookie })).status,
    ).toBe(404);

    const publicList = (await call('GET', `/api/runner-profile/${pageId}/pledges`)).body;
    expect(publicList.summary).toMatchObject({ count: 2, ratePerUnitTotal: 4 });
    expect(publicList.pledges.map((p: Json) => p.name)).not.toContain('Rude Name');
    const manage = await call('GET', `/api/runner-profile/${pageId}/pledges/manage`, { cookie: runner.cookie });
    expect(manage.body.pledges.map((p: Json) => p.id).sort()).toEqual([keeps.id, removedLater.id].sort());
    // Its mail links are no key to anything any more.
    const cancelLink = await newestLink(abusive.email, `/pledges/${abusive.id}/cancel`);
    const cancel = await call('POST', `/api/pledges/${abusive.id}/cancel`, {
      body: { token: cancelLink.searchParams.get('token') },
    });
    expect(cancel.status).toBe(400);

    // It does not fall due: no mail. One removed after its due mail gets no reminder.
    expect((await call('POST', `/api/runner-profile/${pageId}/pledges/close`, { cookie: runner.cookie })).body).toEqual(
      { due: 2 },
    );
    await eventually(async () => expect(dueMails(removedLater.email)).toHaveLength(1), { timeoutMs: 30_000 });
    await eventually(async () => expect(dueMails(keeps.email)).toHaveLength(1), { timeoutMs: 30_000 });
    expect(
      (await call('DELETE', `/api/runner-profile/${pageId}/pledges/${removedLater.id}`, { cookie: runner.cookie }))
        .status,
    ).toBe(200);
    expect((await call('GET', `/api/runner-profile/${pageId}/pledges`)).body.summary).toMatchObject({
      count: 1,
      earned: 26.2,
    });
    await db.query(
      `UPDATE profiles.pledges SET due_at = due_at - interval '7 days', next_reminder_at = next_reminder_at - interval '7 days'
        WHERE runner_profile_id = $1`,
      [pageId],
    );
    await eventually(async () => expect(dueMails(keeps.email)).toHaveLength(2), { timeoutMs: 30_000 });
    await sweptOnce(other.pageId);
    await sweptOnce(other.pageId);
    expect(dueMails(abusive.email)).toHaveLength(0);
    expect(dueMails(removedLater.email)).toHaveLength(1);
  });

  it('lists 120 pledges 50 a page, the public list largest rate first, and refuses a bad page number', async () => {
    const { runner, pageId } = await runnerWithPage();
    await seedPledges(pageId, 120);
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await call('GET', `/api/runner-profile/${pageId}/pledges?page=${page}`);
      expect(res.status).toBe(200);
      pages.push(res.body);
    }
    expect(pages.map((p) => [p.page, p.totalPages, p.pledges.length])).toEqual([
      [1, 3, 50],
      [2, 3, 50],
      [3, 3, 20],
      [4, 3, 0],
    ]);
    const rates = pages.flatMap((p) => p.pledges.map((x: Json) => x.ratePerUnit));
    expect(rates).toEqual(Array.from({ length: 120 }, (_, i) => 120 - i));
    // The sums are the page's whole, on every page.
    expect(pages[2].summary).toMatchObject({ count: 120, ratePerUnitTotal: 7260 });

    const manage = [];
    for (const page of [1, 2, 3]) {
      const res = await call('GET', `/api/runner-profile/${pageId}/pledges/manage?page=${page}`, {
        cookie: runner.cookie,
      });
      expect(res.status).toBe(200);
      manage.push(res.body);
    }
    expect(manage.map((p) => [p.page, p.totalPages, p.pledges.length])).toEqual([
      [1, 3, 50],
      [2, 3, 50],
      [3, 3, 20],
    ]);
    expect(new Set(manage.flatMap((p) => p.pledges.map((x: Json) => x.id))).size).toBe(120);
    expect(manage[0].summary.count).toBe(120);

    for (const bad of ['0', '-1', 'x', '1.5']) {
      for (const list of ['pledges', 'pledges/manage']) {
        const res = await call('GET', `/api/runner-profile/${pageId}/${list}?page=${bad}`, { cookie: runner.cookie });
        expect({ bad, list, status: res.status, message: res.body.message }).toEqual({
          bad,
          list,
          status: 400,
          message: bad === '0' || bad === '-1' ? 'page must be at least 1' : 'page must be a whole number',
        });
      }
    }
  });

  it('exports every pledge of a page with several hundred long ones, far past one NATS message', async () => {
    const { runner, pageId } = await runnerWithPage();
    const longName = `'${'名'.repeat(100)}'`;
    const longMessage = '字'.repeat(500);
    const count = 800;
    await seedPledges(pageId, count, `${longName} || i`, longMessage);
    expect(count * Buffer.byteLength(longMessage)).toBeGreaterThan(maxPayload);

    const res = await call('GET', '/api/account/export', { cookie: runner.cookie });
    expect(res.status).toBe(200);
    const body = JSON.parse(res.text);
    const exported = body.profiles.pages.find((p: Json) => p.id === pageId).pledges as Json[];
    expect(exported).toHaveLength(count);
    expect(new Set(exported.map((p) => p.name)).size).toBe(count);
    expect(exported.every((p) => p.message === longMessage && p.currency === 'USD')).toBe(true);
    expect(res.text).not.toContain('seed-1@example.com');
  });
});
