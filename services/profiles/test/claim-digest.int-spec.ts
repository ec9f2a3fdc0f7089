// The owner hears of claims in one digest mail, not one mail per claim: the profiles service and its
// BullMQ worker in-process, on the jest run's own database, NATS prefix and Redis prefix.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { jetstream } from '@nats-io/jetstream';
import { PROFILES, PROFILES_EVENTS, type ClaimChallengeResult, type Profile } from '@runpledge/contracts';
import { bootstrapService, eventSubject } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { eventually, natsRequester } from '../../../scripts/jest/helpers.mjs';

jest.setTimeout(120_000);

type Reply<T> = { response?: T; err?: { status: number; code: string; message: string } };

describe("the owner's claim mail", () => {
  let service: INestMicroservice;
  let worker: INestApplicationContext | undefined;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let db: pg.Pool;
  const outboxDir = process.env.OUTBOX_DIR!;

  async function ok<T>(pattern: string, data: unknown): Promise<T> {
    const reply = (await nats.request(pattern, data)) as Reply<T>;
    if (reply.err) throw new Error(`${pattern}: ${reply.err.status} ${reply.err.message}`);
    return reply.response as T;
  }
  /** Every mail written to `email`, quoted-printable decoded. */
  const mailsTo = (email: string): string[] =>
    existsSync(outboxDir)
      ? readdirSync(outboxDir)
          .map((file) => readFileSync(join(outboxDir, file), 'utf8'))
          .filter((mail) => mail.includes(`To: ${email}`))
          .map((mail) =>
            mail
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
          )
      : [];

  const startWorker = async () => {
    if (worker) return;
    await startWorker();
  };

  beforeAll(async () => {
    // Digests go out as soon as the worker takes them (the claims of each test are made first).
    process.env.CLAIM_DIGEST_DELAY_MS = '0';
    const { AppModule } = await import('../src/app.module.js');
    service = await bootstrapService('profiles', AppModule);
    nats = await natsRequester();
    db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  });

  afterAll(async () => {
    await worker?.close();
    await nats?.close();
    await db?.end();
    await service?.close();
  });

  it('sends one digest per owner for the claims made meanwhile, naming each claimant on one line', async () => {
    const userId = randomUUID();
    const email = `digest-${userId}@example.com`;
    await db.query(`INSERT INTO profiles.accounts (user_id, email, registered_at) VALUES ($1, $2, now())`, [
      userId,
      email,
    ]);
    await db.query(
      `INSERT INTO profiles.owner_access (user_id, status, current_period_end, changed_at) VALUES ($1, 'lifetime', NULL, now())`,
      [userId],
    );
    const profile = await ok<Profile>(PROFILES.profile.create, {
      userId,
      profile: {
        urlSlug: `digest-${Date.now().toString(36)}`,
        name: 'Jane Doe',
        marathonName: 'Chicago Marathon',
        marathonDate: '2027-10-10',
        description: 'Running for the kids.',
        donationPlatform: 'other',
        charityLink: 'https://charity.example.org/donate',
        challenges: [
          { amount: 250, description: 'Banana suit long run', isExclusive: true },
          { amount: 25, description: 'Pick a song', isExclusive: false },
        ],
      },
    });
    const [exclusive, multiple] = profile.fundraisingChallenges;
    const claims: ClaimChallengeResult[] = [];
    for (const [challengeId, name] of [
      [exclusive!.id, 'Ann Lee'],
      [multiple!.id, 'Bob'],
      [multiple!.id, 'Cy'],
    ] as const) {
      claims.push(await ok<ClaimChallengeResult>(PROFILES.claim.create, { challengeId, claim: { name } }));
    }
    // Each claim's event handled (its mail sent, or its digest scheduled) before the worker starts.
    await eventually(
      async () => {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM profiles.outbox o JOIN profiles.processed_events p ON p.event_id = o.id
            WHERE o.type = 'profiles.challenge.claimed' AND o.payload->>'userId' = $1`,
          [userId],
        );
        expect(rows[0]!.n).toBe(3);
      },
      { timeoutMs: 60_000 },
    );
    const { WorkerModule } = await import('../src/worker.module.js');
    worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
    await worker.init();

    await eventually(async () => expect(mailsTo(email)).toHaveLength(1), { timeoutMs: 60_000 });
    // Every claim is in a digest now, and one mail holds them all.
    await eventually(
      async () => {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM profiles.challenge_claims
            WHERE runner_profile_id = $1 AND mailed_at IS NULL`,
          [profile.id],
        );
        expect(rows[0]!.n).toBe(0);
      },
      { timeoutMs: 60_000 },
    );
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatch(/^Subject: 3 supporters chose your challenges/m);
    for (const claim of claims) expect(mail).toContain(claim.claim.name);
    expect(mail).toContain('Banana suit long run');
    expect(mail).toContain('/dashboard');

    // Each claim can be released from the mail: its own link, good once, for that claim only.
    const links = [...mail!.matchAll(/https?:\/\/[^\s"<>]+\/release-claim\?token=([A-Za-z0-9_-]+)/g)].map((m) => m[1]!);
    expect(new Set(links).size).toBe(3);
    const released = await nats.request(PROFILES.claim.releaseByToken, { token: links[1] });
    expect(released).toMatchObject({ response: { runnerProfileId: profile.id } });
    const { rows: left } = await db.query<{ name: string }>(
      `SELECT name FROM profiles.challenge_claims WHERE runner_profile_id = $1 ORDER BY created_at`,
      [profile.id],
    );
    expect(left.map((r) => r.name)).toEqual(['Ann Lee', 'Cy']);
    expect(await nats.request(PROFILES.claim.releaseByToken, { token: links[1] })).toMatchObject({
      err: { status: 404, message: 'This release link is no longer valid' },
    });
    expect(await nats.request(PROFILES.claim.releaseByToken, { token: 'made-up' })).toMatchObject({
      err: { status: 404, message: 'This release link is no longer valid' },
    });
  });

  it("escapes the claimant's words, and mails nothing twice when a claim's event is delivered again", async () => {
    const userId = randomUUID();
    const email = `digest-${userId}@example.com`;
    await db.query(`INSERT INTO profiles.accounts (user_id, email, registered_at) VALUES ($1, $2, now())`, [
      userId,
      email,
    ]);
    await db.query(
      `INSERT INTO profiles.owner_access (user_id, status, current_period_end, changed_at) VALUES ($1, 'lifetime', NULL, now())`,
      [userId],
    );
    const profile = await ok<Profile>(PROFILES.profile.create, {
      userId,
      profile: {
        urlSlug: `digest-${Date.now().toString(36)}-b`,
        name: 'Jane Doe',
        marathonName: 'Chicago Marathon',
        marathonDate: '2027-10-10',
        description: 'Running for the kids.',
        donationPlatform: 'other',
        charityLink: 'https://charity.example.org/donate',
        challenges: [{ amount: 25, description: 'Pick a song', isExclusive: false }],
      },
    });
    const challengeId = profile.fundraisingChallenges[0]!.id;
    await startWorker();
    const claimed = await ok<ClaimChallengeResult>(PROFILES.claim.create, {
      challengeId,
      claim: { name: '<b>Alex</b>', message: 'See you at mile 20' },
    });
    const [mail] = await eventually(async () => {
      const mails = mailsTo(email);
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(mail).toContain('&lt;b&gt;Alex&lt;/b&gt;');
    expect(mail).not.toContain('<b>Alex</b></strong>');

    // JetStream delivers the same event again (as after a lost ack): no second mail.
    const { rows } = await db.query(
      `SELECT id, type, occurred_at, payload FROM profiles.outbox WHERE type = $1 AND payload->>'claimId' = $2`,
      [PROFILES_EVENTS.challengeClaimed.type, claimed.claim.id],
    );
    expect(rows).toHaveLength(1);
    const envelope = {
      id: rows[0].id,
      type: rows[0].type,
      occurredAt: new Date(rows[0].occurred_at).toISOString(),
      payload: rows[0].payload,
    };
    await jetstream(nats.nc).publish(eventSubject(envelope.type), JSON.stringify(envelope));
    // A later claim's mail comes after the repeat is handled: the consumer takes them in order.
    await ok<ClaimChallengeResult>(PROFILES.claim.create, { challengeId, claim: { name: 'Bea' } });
    await eventually(async () => expect(mailsTo(email).filter((m) => m.includes('Bea chose'))).toHaveLength(1));
    expect(mailsTo(email).filter((m) => m.includes('Alex'))).toHaveLength(1);
    expect(mailsTo(email)).toHaveLength(2);
  });
});
