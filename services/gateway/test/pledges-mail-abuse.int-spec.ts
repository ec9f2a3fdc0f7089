import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { MAIL_MESSAGES, normalizeInbox } from '@runpledge/contracts';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import { apiClient, pageBody, type ApiResponse } from './support/api-client.js';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { linkIn, mailsTo, newestLink } from './support/outbox-mails.js';
import { grantAccess } from './support/stack-users.js';

jest.setTimeout(120_000);

const PUBLIC_WRITES_PER_IP = 6;
const CONFIRMATIONS_PER_INBOX = 5;

/** Every mail of the run's outbox that reached the inbox of `address`, however each was addressed. */
function mailsReaching(address: string): string[] {
  const dir = process.env.OUTBOX_DIR!;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((m) => normalizeInbox(m.match(/^To: (.*)$/m)?.[1] ?? '') === normalizeInbox(address));
}

describe('mail to any inbox: limits by inbox and network, and the suppression list', () => {
  let stack: Stack;
  let nc: NatsConnection;
  let db: pg.Client;
  let alice: { cookie: string; id: string };
  let ipCounter = 0;
  const newIp = () => `198.51.${Math.floor((ipCounter += 1) / 250)}.${(ipCounter % 250) + 1}`;
  const { call: rawCall, signUp } = apiClient(() => stack.url);
  const call = (
    method: string,
    path: string,
    { body, cookie, ip = newIp() }: { body?: unknown; cookie?: string; ip?: string } = {},
  ): Promise<ApiResponse> => rawCall(method, path, { body, cookie, headers: { 'x-forwarded-for': ip } });

  async function publishedPage(): Promise<string> {
    const res = await call('POST', '/api/runner-profile', { cookie: alice.cookie, body: pageBody() });
    expect(res.status).toBe(201);
    const slug = res.body.profile.urlSlug as string;
    await eventually(async () =>
      expect((await call('GET', `/api/runner-profile/${slug}`)).body.profile.published).toBe(true),
    );
    return res.body.profile.id as string;
  }

  const pledge = (pageId: string, email: string, ip?: string) =>
    call('POST', `/api/runner-profile/${pageId}/pledges`, {
      body: { name: 'Greetings from a stranger', email, ratePerUnit: 1, counts: 'race' },
      ip,
    });
  const pledgeRows = async (pageId: string) =>
    (await db.query(`SELECT count(*)::int AS n FROM profiles.pledges WHERE runner_profile_id = $1`, [pageId])).rows[0]
      .n as number;

  beforeAll(async () => {
    stack = await startGatewayStack({
      TRUST_PROXY: 'true',
      RATE_LIMIT_PUBLIC_WRITES_PER_IP: String(PUBLIC_WRITES_PER_IP),
      RATE_LIMIT_PLEDGES_PER_EMAIL: String(CONFIRMATIONS_PER_INBOX),
    });
    nc = await connect({ servers: process.env.NATS_URL });
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    alice = await signUp();
    await grantAccess(nc, alice.id, 'lifetime');
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await db?.end();
    await nc?.close();
    await stack?.stop();
  });

  it('counts one inbox however its address is written: five confirmation mails an hour, then 429 with nothing stored or sent', async () => {
    const pageId = await publishedPage();
    const name = `victim${randomUUID().slice(0, 8)}`;
    const spellings = [
      `${name}@gmail.com`,
      `${name}+1@gmail.com`,
      `${name}+2@gmail.com`,
      `${name.toUpperCase().slice(0, 3)}.${name.slice(3)}+y@googlemail.com`,
      `${name.slice(0, 4)}.${name.slice(4)}@GMail.com`,
      `${name}+6@gmail.com`,
      `${name.toUpperCase()}+7@googlemail.com`,
    ];
    const statuses = [];
    for (const email of spellings) statuses.push((await pledge(pageId, email)).status);
    expect(statuses).toEqual([...Array<number>(CONFIRMATIONS_PER_INBOX).fill(201), 429, 429]);
    expect(await pledgeRows(pageId)).toBe(CONFIRMATIONS_PER_INBOX);
    await eventually(async () => expect(mailsReaching(spellings[0]!)).toHaveLength(CONFIRMATIONS_PER_INBOX), {
      timeoutMs: 30_000,
    });
    // Another inbox is counted apart (dots name another mailbox outside gmail.com).
    expect((await pledge(pageId, `${name.slice(0, 4)}.${name.slice(4)}@example.com`)).status).toBe(201);
  });

  it('counts an IPv6 client by its /64: rotating addresses within it does not start a new budget', async () => {
    const pageId = await publishedPage();
    const net = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    const statuses = [];
    for (let i = 1; i <= PUBLIC_WRITES_PER_IP + 1; i += 1)
      statuses.push(
        (await pledge(pageId, `ipv6-${randomUUID()}@example.com`, `${net}:${i.toString(16)}::${i}`)).status,
      );
    expect(statuses).toEqual([...Array<number>(PUBLIC_WRITES_PER_IP).fill(201), 429]);
    // The same /64 written in full, and another /64 beside it.
    expect((await pledge(pageId, `ipv6-${randomUUID()}@example.com`, `${net}:ffff:ffff:ffff:ffff`)).status).toBe(429);
    expect((await pledge(pageId, `ipv6-${randomUUID()}@example.com`, `${net.slice(0, -1)}2::1`)).status).toBe(201);
  });

  it('stops every later pledge mail to an inbox from the link of a pledge mail, however the address is written then', async () => {
    const pageId = await publishedPage();
    const inbox = `stop-${randomUUID()}@example.com`;
    const first = await pledge(pageId, inbox);
    expect(first.status).toBe(201);
    const firstId = first.body.pledge.id as string;
    const unsubscribe = await newestLink(inbox, `/pledges/${firstId}/unsubscribe`);
    const token = unsubscribe.searchParams.get('token');

    const refused = [
      [{}, MAIL_MESSAGES.linkInvalid],
      [{ token: '' }, MAIL_MESSAGES.linkInvalid],
      [{ token: 'not-a-token' }, MAIL_MESSAGES.linkInvalid],
      [{ token: 42 }, MAIL_MESSAGES.linkInvalid],
    ] as const;
    for (const [body, message] of refused)
      expect(await call('POST', '/api/mail/suppress', { body })).toMatchObject({ status: 400, body: { message } });

    expect(await call('POST', '/api/mail/suppress', { body: { token } })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    // Again: the same answer (nothing tells whether it was on the list already).
    expect(await call('POST', '/api/mail/suppress', { body: { token } })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    const suppressed = await db.query(`SELECT inbox_hash FROM profiles.suppressed_inboxes`);
    expect(JSON.stringify(suppressed.rows)).not.toContain('stop-');

    // A later pledge to that inbox, written differently: answered like any other, and no mail.
    const [local, domain] = inbox.split('@') as [string, string];
    const later = await pledge(pageId, `${local.toUpperCase()}+x@${domain}`);
    expect(later.status).toBe(201);
    expect(later.body.pledge.status).toBe('pending_confirmation');
    await eventually(
      async () =>
        expect(
          (await db.query(`SELECT confirm_token_hash FROM profiles.pledges WHERE id = $1`, [later.body.pledge.id]))
            .rows[0].confirm_token_hash,
        ).not.toBeNull(),
      { timeoutMs: 30_000 },
    );
    // A pledge for another inbox made after it is mailed: the worker has passed the suppressed one.
    const control = `control-${randomUUID()}@example.com`;
    const controlPledge = await pledge(pageId, control);
    expect(controlPledge.status).toBe(201);
    const controlConfirm = await newestLink(control, '/pledges/confirm');
    expect(mailsReaching(inbox)).toHaveLength(1);

    // Nor any mail of the first pledge: it is confirmed, falls due beside the control's, and its
    // supporter hears nothing while the control's supporter gets the due mail.
    for (const link of [linkIn(mailsTo(inbox)[0]!, '/pledges/confirm'), controlConfirm])
      expect(
        (await call('POST', '/api/pledges/confirm', { body: { token: link.searchParams.get('token') } })).status,
      ).toBe(200);
    expect((await call('POST', `/api/runner-profile/${pageId}/pledges/close`, { cookie: alice.cookie })).body).toEqual({
      due: 2,
    });
    await newestLink(control, `/pledges/${controlPledge.body.pledge.id}/paid`);
    await eventually(
      async () =>
        expect(
          (await db.query(`SELECT due_mailed_at FROM profiles.pledges WHERE id = $1`, [firstId])).rows[0].due_mailed_at,
        ).not.toBeNull(),
      { timeoutMs: 30_000 },
    );
    expect(mailsReaching(inbox)).toHaveLength(1);
  });
});
