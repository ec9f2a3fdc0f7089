import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import type { Subscription } from '@nats-io/transport-node';
import {
  CHALLENGE_ALREADY_CLAIMED,
  PROFILE_CACHE_INVALIDATION,
  PROFILES,
  type ClaimChallengeResult,
  type OwnerClaim,
  type Profile,
  type ProfileCacheInvalidation,
  type PublicProfileView,
} from '@runpledge/contracts';
import { bootstrapService } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventually, natsRequester } from '../../../scripts/jest/helpers.mjs';
import { addAccount, grantLifetimeAccess, profilesRpc } from './profiles-rpc.js';
import { AppModule } from '../src/app.module.js';

jest.setTimeout(60_000);

let slugCounter = 0;
const newSlug = () => `claims-${Date.now().toString(36)}-${(slugCounter += 1)}`;

describe('challenge claims over NATS', () => {
  let service: INestMicroservice;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let db: pg.Pool;
  let invalidations: ProfileCacheInvalidation[] = [];
  let invalidationSub: Subscription;

  const { call, ok } = profilesRpc(() => nats);
  const claim = (challengeId: string, name = 'Alex', message?: string) =>
    call<ClaimChallengeResult>(PROFILES.claim.create, { challengeId, claim: { name, message } });
  const view = (slug: string) => ok<PublicProfileView>(PROFILES.profile.getBySlug, { slug });

  /** A published page of a new owner whose e-mail profiles knows; donordrive so a preset amount shows. */
  async function publishedPage() {
    const userId = randomUUID();
    const email = `owner-${userId}@example.com`;
    await addAccount(db, userId, email);
    await grantLifetimeAccess(db, userId);
    const profile = await ok<Profile>(PROFILES.profile.create, {
      userId,
      profile: {
        urlSlug: newSlug(),
        name: 'Jane Doe',
        marathonName: 'Chicago Marathon',
        marathonDate: '2027-10-10',
        description: 'Running for the kids.',
        donationPlatform: 'donordrive',
        donorDriveEventUrl: 'https://events.example.org/index.cfm?fuseaction=donorDrive.event&eventID=9',
        donorDriveParticipantId: '555',
        challenges: [
          { amount: 250, description: 'Banana suit long run', isExclusive: true },
          { amount: 25, description: 'Pick a song', isExclusive: false },
        ],
      },
    });
    const [exclusive, multiple] = profile.fundraisingChallenges;
    return { userId, email, profile, exclusive: exclusive!, multiple: multiple! };
  }

  beforeAll(async () => {
    service = await bootstrapService('profiles', AppModule);
    nats = await natsRequester();
    db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    invalidationSub = nats.nc.subscribe(
      `${process.env.NATS_SUBJECT_PREFIX ?? ''}${PROFILE_CACHE_INVALIDATION.subject}`,
      { callback: (_err, msg) => invalidations.push(msg.json<ProfileCacheInvalidation>()) },
    );
  });

  afterAll(async () => {
    invalidationSub?.unsubscribe();
    await nats.close();
    await db.end();
    await service.close();
  });

  it('gives an exclusive challenge to exactly one of 20 concurrent supporters', async () => {
    const { profile, exclusive } = await publishedPage();
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => claim(exclusive.id, `Supporter ${i}`)));

    const winners = replies.filter((r) => r.response);
    expect(winners).toHaveLength(1);
    expect(replies.filter((r) => r.err).map((r) => r.err)).toEqual(
      Array.from({ length: 19 }, () => ({ status: 409, code: 'CONFLICT', message: CHALLENGE_ALREADY_CLAIMED })),
    );
    const winner = winners[0]!.response!;
    expect(winner.donationUrl).toBe(
      'https://events.example.org/index.cfm?fuseaction=donorDrive.participant&participantID=555&donationAmount=250.00#donate',
    );
    const { rows } = await db.query(`SELECT name FROM profiles.challenge_claims WHERE challenge_id = $1`, [
      exclusive.id,
    ]);
    expect(rows).toEqual([{ name: winner.claim.name }]);

    const shown = (await view(profile.urlSlug)).fundraisingChallenges.find((c) => c.id === exclusive.id);
    expect(shown).toMatchObject({ claimedBy: winner.claim.name, claimCount: 1 });
    await eventually(async () =>
      expect(invalidations).toContainEqual({ slug: profile.urlSlug, profileId: profile.id }),
    );
  });

  it('holds a claim back while another is in flight, then refuses it once that one commits', async () => {
    const { exclusive } = await publishedPage();
    // Another supporter's claim, inserted but not yet committed: invisible to a NOT EXISTS check.
    const inFlight = await db.connect();
    try {
      await inFlight.query('BEGIN');
      await inFlight.query(
        `INSERT INTO profiles.challenge_claims (challenge_id, runner_profile_id, exclusive, name)
         VALUES ($1, $2, true, 'First')`,
        [exclusive.id, exclusive.runnerProfileId],
      );
      const second = claim(exclusive.id, 'Second');
      const early = await Promise.race([second, new Promise((r) => setTimeout(() => r('waiting'), 1000))]);
      expect(early).toBe('waiting');
      await inFlight.query('COMMIT');
      expect((await second).err).toEqual({ status: 409, code: 'CONFLICT', message: CHALLENGE_ALREADY_CLAIMED });
    } finally {
      inFlight.release();
    }
  });

  it('counts every supporter of a multiple challenge and names none', async () => {
    const { profile, multiple } = await publishedPage();
    const replies = await Promise.all(['Ann', 'Ben', 'Cy'].map((name) => claim(multiple.id, name)));
    expect(replies.every((r) => r.response)).toBe(true);
    expect(replies[0]!.response!.claim).toEqual({
      id: expect.any(String),
      name: 'Ann',
      createdAt: expect.any(String),
    });
    const shown = (await view(profile.urlSlug)).fundraisingChallenges.find((c) => c.id === multiple.id);
    expect(shown).toMatchObject({ claimedBy: null, claimCount: 3 });
  });

  it('refuses a challenge of an unpublished page or one that does not exist (404)', async () => {
    const hidden = await ok<Profile>(PROFILES.profile.create, {
      userId: randomUUID(),
      profile: {
        urlSlug: newSlug(),
        name: 'Sam',
        marathonName: 'Berlin',
        marathonDate: '2027-09-26',
        description: 'Story',
        donationPlatform: 'other',
        charityLink: 'https://charity.example.org',
        challenges: [{ amount: 10, description: 'x', isExclusive: true }],
      },
    });
    for (const challengeId of [hidden.fundraisingChallenges[0]!.id, randomUUID()]) {
      expect((await claim(challengeId)).err).toEqual({
        status: 404,
        code: 'NOT_FOUND',
        message: 'Challenge not found',
      });
    }
  });

  it('refuses a name that is empty, too long or has control characters, and a message over 500 (400)', async () => {
    const { multiple } = await publishedPage();
    for (const [name, message, expected] of [
      ['  ', undefined, 'Please enter your name'],
      ['x'.repeat(101), undefined, 'Your name can be at most 100 characters'],
      ['Al\u0007ex', undefined, 'Your name contains a character that is not allowed'],
      ['Alex', 'x'.repeat(501), 'The message can be at most 500 characters'],
    ] as const) {
      expect((await claim(multiple.id, name, message)).err).toMatchObject({ status: 400, message: expected });
    }
    expect(
      await db.query(`SELECT 1 FROM profiles.challenge_claims WHERE challenge_id = $1`, [multiple.id]),
    ).toMatchObject({
      rowCount: 0,
    });
  });

  it('lets the owner see and release a claim; others get 403, unknown claims 404', async () => {
    const { userId, profile, exclusive } = await publishedPage();
    const first = (await claim(exclusive.id, 'Alex', 'Go Jane!')).response!;

    const listed = await ok<OwnerClaim[]>(PROFILES.claim.listOwn, { userId });
    expect(listed).toEqual([
      {
        id: first.claim.id,
        challengeId: exclusive.id,
        runnerProfileId: profile.id,
        urlSlug: profile.urlSlug,
        pageName: 'Jane Doe',
        amount: 250,
        description: 'Banana suit long run',
        isExclusive: true,
        name: 'Alex',
        message: 'Go Jane!',
        createdAt: first.claim.createdAt,
      },
    ]);
    expect(await ok<OwnerClaim[]>(PROFILES.claim.listOwn, { userId: randomUUID() })).toEqual([]);

    const release = (who: string, claimId = first.claim.id, challengeId = exclusive.id) =>
      call(PROFILES.claim.release, { userId: who, challengeId, claimId });
    expect((await release(randomUUID())).err).toMatchObject({ status: 403 });
    expect((await release(userId, randomUUID())).err).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Claim not found',
    });
    expect((await release(userId, first.claim.id, randomUUID())).err).toMatchObject({ status: 404 });

    invalidations = [];
    expect((await release(userId)).response).toEqual({ runnerProfileId: profile.id });
    await eventually(async () =>
      expect(invalidations).toContainEqual({ slug: profile.urlSlug, profileId: profile.id }),
    );
    expect((await view(profile.urlSlug)).fundraisingChallenges[0]).toMatchObject({ claimedBy: null, claimCount: 0 });
    // Free again: the next supporter gets it.
    expect((await claim(exclusive.id, 'Bea')).response?.claim.name).toBe('Bea');
  });

  it('removes the claims with their challenge and with their page', async () => {
    const { userId, profile, exclusive, multiple } = await publishedPage();
    await claim(exclusive.id);
    await claim(multiple.id);
    const count = async () =>
      Number(
        (await db.query(`SELECT count(*) FROM profiles.challenge_claims WHERE runner_profile_id = $1`, [profile.id]))
          .rows[0].count,
      );
    expect(await count()).toBe(2);
    await ok(PROFILES.challenge.delete, { userId, challengeId: exclusive.id });
    expect(await count()).toBe(1);
    await ok(PROFILES.profile.delete, { userId, profileId: profile.id });
    expect(await count()).toBe(0);
  });
  // The owner's mails (one digest per owner, escaped, never twice): claim-digest.int-spec.ts.
});
