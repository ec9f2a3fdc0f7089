// Charities over NATS as the gateway calls them: creation, the directory, verification by a link
// mailed to the website's domain, staff invited by mail and removed (one admin always stays), and
// billing's `access` question.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import {
  CHARITIES,
  CHARITY_ACCESS,
  CHARITY_LAST_ADMIN,
  type Charity,
  type CharityStaffResponse,
} from '@runpledge/contracts';
import { bootstrapService } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventually, natsRequester } from '../../../scripts/jest/helpers.mjs';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The `path?token=` link of the newest mail the run's outbox holds for `email` (quoted-printable decoded). */
const newestLink = (email: string, path: string): Promise<URL> =>
  eventually(async () => {
    const dir = process.env.OUTBOX_DIR!;
    const mails = existsSync(dir)
      ? readdirSync(dir)
          .sort()
          .map((f) => readFileSync(join(dir, f), 'utf8'))
          .filter((m) => m.toLowerCase().includes(`\nto: ${email.toLowerCase()}`))
          .map((m) =>
            m.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
          )
      : [];
    const found = mails
      .reverse()
      .map((m) => m.match(new RegExp(`https?://[^\\s"<>]+${path}\\?token=[A-Za-z0-9_-]+`)))
      .find(Boolean);
    if (!found) throw new Error(`no mail to ${email} with a ${path} link yet`);
    return new URL(found[0]);
  }) as Promise<URL>;

type Reply<T> = { response?: T; err?: { status: number; code: string; message: string } };

describe('charities', () => {
  let service: INestMicroservice;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let db: pg.Client;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    Object.assign(process.env, { REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'rp:'}${randomUUID().slice(0, 8)}:` });
    const { AppModule } = await import('../src/app.module.js');
    service = await bootstrapService('community', AppModule);
    nats = await natsRequester();
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await nats?.close();
    await service?.close();
    process.env = savedEnv;
  });

  const call = <T>(pattern: string, data: unknown) => nats.request(pattern, data) as Promise<Reply<T>>;
  async function ok<T>(pattern: string, data: unknown): Promise<T> {
    const reply = await call<T>(pattern, data);
    if (reply.err) throw new Error(`${pattern}: ${reply.err.status} ${reply.err.message}`);
    return reply.response as T;
  }
  const unique = () => randomUUID().slice(0, 8);
  const fields = (slug: string, extra: Record<string, unknown> = {}) => ({
    slug,
    name: `Run for Rivers ${slug}`,
    website: `https://www.${slug}.org.uk/about`,
    registeredNumber: '1234567',
    country: 'gb',
    mission: 'Clean rivers for everyone',
    ...extra,
  });
  const create = async (userId = randomUUID(), slug = `rivers-${unique()}`) => {
    const { charity } = await ok<{ charity: Charity }>(CHARITIES.create, {
      userId,
      email: `founder-${slug}@example.com`,
      charity: fields(slug),
    });
    return { charity, admin: userId };
  };
  /** Invites `email` with `role` and accepts the mailed link as `userId`. */
  const addStaff = async (charityId: string, admin: string, role: 'admin' | 'staff', userId = randomUUID()) => {
    const email = `staff-${unique()}@example.com`;
    await ok(CHARITIES.inviteStaff, { userId: admin, charityId, invite: { email, role } });
    const link = await newestLink(email, '/charities/invitations');
    await ok(CHARITIES.acceptInvitation, { userId, email, token: link.searchParams.get('token') });
    return userId;
  };

  it('creates a charity whose creator is its first admin, unverified, refusing a taken address', async () => {
    const { charity, admin } = await create();
    expect(charity).toMatchObject({ verified: false, country: 'GB', isStaff: true, totals: [], runnerCount: 0 });
    const staff = await ok<CharityStaffResponse>(CHARITIES.listStaff, { userId: admin, charityId: charity.id });
    expect(staff.staff).toEqual([expect.objectContaining({ userId: admin, role: 'admin', status: 'active' })]);
    const again = await call(CHARITIES.create, {
      userId: randomUUID(),
      email: 'x@example.com',
      charity: fields(charity.slug),
    });
    expect(again.err).toMatchObject({ status: 409, message: 'This charity address is already taken' });
  });

  it('refuses a website that is not http(s) or points at a private address, and text with control characters', async () => {
    for (const [website, message] of [
      ['ftp://rivers.org', 'The website must be an http or https address'],
      ['javascript:alert(1)', 'The website must be an http or https address'],
      ['http://127.0.0.1/', 'The website must be a public address'],
      ['http://10.1.2.3', 'The website must be a public address'],
      ['http://[::1]/', 'The website must be a public address'],
      ['https://intranet/', 'The website must be a public address'],
      ['http://printer.local', 'The website must be a public address'],
    ]) {
      const reply = await call(CHARITIES.create, {
        userId: randomUUID(),
        email: 'a@example.com',
        charity: fields(`w-${unique()}`, { website }),
      });
      expect(reply.err).toMatchObject({ status: 400, message: expect.stringContaining(message) });
    }
    const nul = await call(CHARITIES.create, {
      userId: randomUUID(),
      email: 'a@example.com',
      charity: fields(`n-${unique()}`, { name: 'Rivers\u0000' }),
    });
    expect(nul.err?.status).toBe(400);
  });

  it('lets only an admin edit it; a new website takes its verification away', async () => {
    const { charity, admin } = await create();
    const other = await call(CHARITIES.update, {
      userId: randomUUID(),
      charityId: charity.id,
      changes: { name: 'Mine' },
    });
    expect(other.err?.status).toBe(403);
    const edited = await ok<{ charity: Charity }>(CHARITIES.update, {
      userId: admin,
      charityId: charity.id,
      changes: { mission: 'Rivers you can swim in', registeredNumber: null },
    });
    expect(edited.charity).toMatchObject({
      mission: 'Rivers you can swim in',
      registeredNumber: null,
      name: charity.name,
    });
    const missing = await call(CHARITIES.update, { userId: admin, charityId: randomUUID(), changes: {} });
    expect(missing.err?.status).toBe(404);
  });

  it('is verified by a link mailed to an address at its website domain, once; another domain is refused', async () => {
    const { charity, admin } = await create();
    const domain = `${charity.slug}.org.uk`;
    const elsewhere = await call(CHARITIES.requestVerification, {
      userId: admin,
      charityId: charity.id,
      verification: { email: `me@gmail.com` },
    });
    expect(elsewhere.err).toMatchObject({
      status: 400,
      message: "The address must be at the charity's website domain",
    });
    const notAdmin = await call(CHARITIES.requestVerification, {
      userId: randomUUID(),
      charityId: charity.id,
      verification: { email: `events@${domain}` },
    });
    expect(notAdmin.err?.status).toBe(403);
    await ok(CHARITIES.requestVerification, {
      userId: admin,
      charityId: charity.id,
      verification: { email: `Events@${domain}` },
    });
    const link = await newestLink(`events@${domain}`, '/charities/verify');
    const token = link.searchParams.get('token');
    const verified = await ok<{ charity: Charity }>(CHARITIES.verify, { token });
    expect(verified.charity).toMatchObject({ id: charity.id, verified: true, isStaff: false });
    const twice = await call(CHARITIES.verify, { token });
    expect(twice.err).toMatchObject({ status: 400, message: 'This verification link is invalid or has expired.' });
    const bad = await call(CHARITIES.verify, { token: 'not-a-token' });
    expect(bad.err?.status).toBe(400);
  });

  it('does not verify a charity from a link mailed for its previous website', async () => {
    const { charity, admin } = await create();
    await ok(CHARITIES.requestVerification, {
      userId: admin,
      charityId: charity.id,
      verification: { email: `old@${charity.slug}.org.uk` },
    });
    const link = await newestLink(`old@${charity.slug}.org.uk`, '/charities/verify');
    await ok(CHARITIES.update, {
      userId: admin,
      charityId: charity.id,
      changes: { website: 'https://elsewhere.example.org' },
    });
    const reply = await call(CHARITIES.verify, { token: link.searchParams.get('token') });
    expect(reply.err?.status).toBe(400);
  });

  it('lists the directory verified first, searched by name, 20 a page', async () => {
    const tag = unique();
    const admin = randomUUID();
    const made: Charity[] = [];
    for (const name of ['Zebra', 'Apple', 'Mango']) {
      const slug = `dir-${tag}-${name.toLowerCase()}`;
      const { charity } = await ok<{ charity: Charity }>(CHARITIES.create, {
        userId: admin,
        email: 'a@example.com',
        charity: fields(slug, { name: `${name} ${tag}` }),
      });
      made.push(charity);
    }
    await ok(CHARITIES.requestVerification, {
      userId: admin,
      charityId: made[0].id,
      verification: { email: `x@${made[0].slug}.org.uk` },
    });
    await ok(CHARITIES.verify, {
      token: (await newestLink(`x@${made[0].slug}.org.uk`, '/charities/verify')).searchParams.get('token'),
    });
    const found = await ok<{ charities: Charity[]; totalPages: number }>(CHARITIES.directory, {
      query: { query: tag, page: 1 },
    });
    expect(found.charities.map((c) => c.name)).toEqual([`Zebra ${tag}`, `Apple ${tag}`, `Mango ${tag}`]);
    const literal = await ok<{ charities: Charity[] }>(CHARITIES.directory, { query: { query: '%_%', page: 1 } });
    expect(literal.charities).toEqual([]);
  });

  it('invites staff by mail; staff see nothing of the admin side; the last admin cannot leave', async () => {
    const { charity, admin } = await create();
    const staffer = await addStaff(charity.id, admin, 'staff');
    const forbidden = await call(CHARITIES.listStaff, { userId: staffer, charityId: charity.id });
    expect(forbidden.err?.status).toBe(403);
    const list = await ok<CharityStaffResponse>(CHARITIES.listStaff, { userId: admin, charityId: charity.id });
    expect(list.staff.map((s) => [s.userId, s.role])).toEqual(
      expect.arrayContaining([
        [admin, 'admin'],
        [staffer, 'staff'],
      ]),
    );
    const leaving = await call(CHARITIES.removeStaff, { userId: admin, charityId: charity.id, staffUserId: admin });
    expect(leaving.err).toMatchObject({ status: 400, message: CHARITY_LAST_ADMIN });
    const byStaff = await call(CHARITIES.removeStaff, { userId: staffer, charityId: charity.id, staffUserId: admin });
    expect(byStaff.err?.status).toBe(403);
    await ok(CHARITIES.removeStaff, { userId: staffer, charityId: charity.id, staffUserId: staffer });
    const access = await ok(CHARITY_ACCESS.access, { charityId: charity.id, userId: staffer });
    expect(access).toEqual({ role: null, page: null });
  });

  it('leaves one admin when two admins remove each other at once', async () => {
    for (let round = 0; round < 3; round++) {
      const { charity, admin } = await create();
      const second = await addStaff(charity.id, admin, 'admin');
      const replies = await Promise.all([
        call(CHARITIES.removeStaff, { userId: admin, charityId: charity.id, staffUserId: second }),
        call(CHARITIES.removeStaff, { userId: second, charityId: charity.id, staffUserId: admin }),
      ]);
      expect(replies.filter((r) => !r.err)).toHaveLength(1);
      const { rows } = await db.query(`SELECT role FROM community.charity_staff WHERE charity_id = $1`, [charity.id]);
      expect(rows).toEqual([{ role: 'admin' }]);
    }
  });

  it('answers billing who is admin or staff, and whether a page names the charity', async () => {
    const { charity, admin } = await create();
    expect(await ok(CHARITY_ACCESS.access, { charityId: charity.id, userId: admin })).toEqual({
      role: 'admin',
      page: null,
    });
    expect(
      await ok(CHARITY_ACCESS.access, { charityId: charity.id, userId: admin, runnerProfileId: randomUUID() }),
    ).toEqual({ role: 'admin', page: null });
    expect(await ok(CHARITY_ACCESS.access, { charityId: randomUUID(), userId: admin })).toEqual({
      role: null,
      page: null,
    });
  });
});
