// A page names a listed charity (checked with community's directory, answered here by a stand-in),
// its name and address follow it, leaving is one call; and a charity's message reaches the runner's
// inbox saying who sent it and why, with its stop link, unless the inbox asked for no more mail.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import type { INestMicroservice } from '@nestjs/common';
import type { Subscription } from '@nats-io/transport-node';
import { CHARITIES, COMMUNITY_EVENTS, PROFILES, PROFILES_EVENTS, type Profile } from '@runpledge/contracts';
import { bootstrapService, eventSubject, inboxHash, rpcSubject } from '@runpledge/server-kit';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventually, natsRequester, SAMPLE_RUNNER } from '../../../scripts/jest/helpers.mjs';
import { AppModule } from '../src/app.module.js';
import { addAccount, profilesRpc } from './profiles-rpc.js';

jest.setTimeout(30_000);

describe("a page's charity", () => {
  let service: INestMicroservice;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let db: pg.Pool;
  let directory: Subscription;
  const { call, ok } = profilesRpc(() => nats);
  const listed = { id: randomUUID(), slug: `rivers-${randomUUID().slice(0, 6)}`, name: 'Rivers Trust', verified: true };

  beforeAll(async () => {
    service = await bootstrapService('profiles', AppModule);
    nats = await natsRequester();
    db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    // Community's directory: knows one charity.
    directory = nats.nc.subscribe(rpcSubject(CHARITIES.lookup), {
      callback: (_err, msg) => {
        const { data } = msg.json<{ data: { charityId: string } }>();
        msg.respond(JSON.stringify({ response: { charity: data.charityId === listed.id ? listed : null } }));
      },
    });
  }, 60_000);

  afterAll(async () => {
    directory?.unsubscribe();
    await db?.end();
    await nats?.close();
    await service?.close();
  });

  const body = (overrides: Record<string, unknown> = {}) => ({
    urlSlug: `charity-${Date.now().toString(36)}-${randomUUID().slice(0, 4)}`,
    ...SAMPLE_RUNNER,
    donationPlatform: 'haku',
    hakuDonationUrl: 'https://haku.example/jane',
    challenges: [],
    ...overrides,
  });
  const cards = async (profileId: string) =>
    (
      await db.query(
        `SELECT payload FROM profiles.outbox WHERE type = $1 AND payload->>'profileId' = $2 ORDER BY created_at, occurred_at`,
        [PROFILES_EVENTS.cardChanged.type, profileId],
      )
    ).rows.map((row) => row.payload);

  it('names a listed charity on create, its name following it; an unknown one is refused', async () => {
    const userId = randomUUID();
    const profile = await ok<Profile>(PROFILES.profile.create, {
      userId,
      profile: body({ charityId: listed.id, charityName: 'Typed name' }),
    });
    expect(profile).toMatchObject({ charityId: listed.id, charityName: 'Rivers Trust', charitySlug: listed.slug });
    expect((await cards(profile.id)).at(-1)).toMatchObject({ charityId: listed.id });
    const unknown = await call(PROFILES.profile.create, { userId, profile: body({ charityId: randomUUID() }) });
    expect(unknown.err).toMatchObject({ status: 400, message: 'Please choose a charity from the list' });
  });

  it('leaves the charity in one edit, keeps a typed name for a charity not listed', async () => {
    const userId = randomUUID();
    const profile = await ok<Profile>(PROFILES.profile.create, { userId, profile: body() });
    expect(profile).toMatchObject({ charityId: null, charityName: null });
    const chosen = await ok<Profile>(PROFILES.profile.update, {
      userId,
      profileId: profile.id,
      changes: { charityId: listed.id },
    });
    expect(chosen).toMatchObject({ charityId: listed.id, charityName: 'Rivers Trust' });
    // A typed name does not replace a listed charity's.
    const typed = await ok<Profile>(PROFILES.profile.update, {
      userId,
      profileId: profile.id,
      changes: { charityName: 'Something else' },
    });
    expect(typed.charityName).toBe('Rivers Trust');
    const left = await ok<Profile>(PROFILES.profile.update, {
      userId,
      profileId: profile.id,
      changes: { charityId: null, charityName: 'Local Hospice' },
    });
    expect(left).toMatchObject({ charityId: null, charityName: 'Local Hospice', charitySlug: null });
    expect((await cards(profile.id)).at(-1)).toMatchObject({ charityId: null });
  });

  it("mails a charity's message to each runner: sender, reason, the text escaped, the stop link; never to a stopped inbox", async () => {
    const [ann, bob] = [randomUUID(), randomUUID()];
    const annEmail = `ann-${ann.slice(0, 8)}@example.com`;
    const bobEmail = `bob-${bob.slice(0, 8)}@example.com`;
    await addAccount(db, ann, annEmail);
    await addAccount(db, bob, bobEmail);
    await db.query(`INSERT INTO profiles.suppressed_inboxes (inbox_hash) VALUES ($1) ON CONFLICT DO NOTHING`, [
      inboxHash(bobEmail),
    ]);
    const envelope = {
      id: randomUUID(),
      type: COMMUNITY_EVENTS.charityMessageSent.type,
      occurredAt: new Date().toISOString(),
      payload: {
        messageId: randomUUID(),
        charity: { id: listed.id, slug: listed.slug, name: listed.name },
        senderEmail: 'events@rivers.example',
        subject: 'Nearly there',
        body: 'Keep going <b>Ann</b>!',
        recipients: [
          { profileId: randomUUID(), userId: ann, pageName: 'Ann runs' },
          { profileId: randomUUID(), userId: bob, pageName: 'Bob runs' },
        ],
      },
    };
    await jetstream(nats.nc).publish(eventSubject(envelope.type), JSON.stringify(envelope), { msgID: envelope.id });
    const dir = process.env.OUTBOX_DIR!;
    const mailsTo = (email: string) =>
      existsSync(dir)
        ? readdirSync(dir)
            .map((f) => readFileSync(join(dir, f), 'utf8'))
            .filter((m) => m.includes(`To: ${email}`))
            .map((m) =>
              m
                .replace(/=\r?\n/g, '')
                .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
            )
        : [];
    const mail = await eventually(async () => {
      const found = mailsTo(annEmail);
      expect(found).toHaveLength(1);
      return found[0];
    });
    expect(mail).toContain('Subject: Rivers Trust: Nearly there');
    expect(mail).toContain('sent by events@rivers.example');
    expect(mail).toContain('names Rivers Trust as your charity');
    expect(mail).toContain('Keep going &lt;b&gt;Ann&lt;/b&gt;!');
    expect(mail).not.toContain('<b>Ann</b>!</div>');
    expect(mail).toMatch(/\/mail\/stop\?token=/);
    expect(mailsTo(bobEmail)).toEqual([]);
  });
});
