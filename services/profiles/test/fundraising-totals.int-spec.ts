// Totals from DonorDrive and JustGiving through their emulators: the profiles service and its
// totals-sync worker in-process, on the jest run's own database, NATS prefix and Redis prefix.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { INestApplicationContext } from '@nestjs/common';
import {
  FUNDRAISING_LIMITS,
  PROFILES,
  PROFILES_EVENTS,
  type DonationsPage,
  type Profile,
  type PublicProfileView,
} from '@runpledge/contracts';
import type { PlatformEmulator } from '@runpledge/emulators';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { eventually, natsRequester } from '../../../scripts/jest/helpers.mjs';
import { startProfilesWithPlatforms, type PlatformsHarness } from './platforms-harness.js';
import { profilesRpc } from './profiles-rpc.js';

jest.setTimeout(60_000);

const RETRY_DELAY_MS = 400;
const MIN_INTERVAL_MS = 300;

describe('fundraising totals from the donation platforms', () => {
  let harness: PlatformsHarness;
  let donorDrive: PlatformEmulator;
  let justGiving: PlatformEmulator;
  let worker: INestApplicationContext;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let db: pg.Pool;
  let outboxDir: string;

  const { call, ok } = profilesRpc(() => nats, 10_000);
  const control = <T = unknown>(emulator: PlatformEmulator, method: string, path: string, body?: unknown) =>
    harness.control<T>(emulator, method, path, body);
  const view = (slug: string) => ok<PublicProfileView>(PROFILES.profile.getBySlug, { slug });
  const refresh = (userId: string, profileId: string) =>
    ok<{ queued: true }>(PROFILES.profile.refreshTotals, { userId, profileId });
  /** A published page of a new owner (with an account to mail), on the given platform. */
  const createPage = (platform: Record<string, unknown>) => harness.createPage(platform);
  const mailsTo = (email: string) =>
    readdirSync(outboxDir)
      .map((f) => readFileSync(join(outboxDir, f), 'utf8'))
      .filter((m) => m.includes(`To: ${email}`));

  beforeAll(async () => {
    outboxDir = mkdtempSync(join(tmpdir(), 'totals-outbox-'));
    harness = await startProfilesWithPlatforms({
      TOTALS_RETRY_DELAY_MS: String(RETRY_DELAY_MS),
      TOTALS_MIN_INTERVAL_MS: String(MIN_INTERVAL_MS),
      TOTALS_REQUEST_TIMEOUT_MS: '1000',
      OUTBOX_DIR: outboxDir,
    });
    ({ donorDrive, justGiving, worker, nats, db } = harness);
  });

  afterAll(async () => {
    await harness?.stop();
  });

  it('reads a DonorDrive participant: raised, goal, donors, the donor wall newest first, and announces the change', async () => {
    const participant = await control<{ participantID: number }>(donorDrive, 'POST', '/_emulator/pages', {
      goal: 1000,
    });
    const id = String(participant.participantID);
    await control(donorDrive, 'POST', `/_emulator/pages/${id}/donations`, {
      amount: 50,
      name: 'Alex',
      message: 'Go Jane!',
    });
    await control(donorDrive, 'POST', `/_emulator/pages/${id}/donations`, { amount: 25 });
    await control(donorDrive, 'POST', `/_emulator/pages/${id}/donations`, {
      amount: 100,
      name: 'Sam',
      hideAmount: true,
    });
    const { profile } = await createPage({
      donationPlatform: 'donordrive',
      donorDriveEventUrl: 'https://events.example.org/index.cfm?fuseaction=donorDrive.event&eventID=1',
      donorDriveParticipantId: id,
    });
    expect(profile).toMatchObject({ totalsSource: 'donordrive', fundraisingCurrency: 'USD', totalsSyncedAt: null });

    // Saving the page queued its first sync.
    const synced = await eventually(async () => {
      const v = await view(profile.urlSlug);
      expect(v.totalsSyncedAt).not.toBeNull();
      return v;
    });
    expect(synced).toMatchObject({ fundsRaised: '175.00', fundraisingGoal: '1000.00', totalDonors: 3 });
    const wall = await ok<DonationsPage>(PROFILES.profile.listDonations, { profileId: profile.id, page: 1 });
    expect(wall.donations.map((d) => [d.name, d.amount, d.message])).toEqual([
      ['Sam', null, null],
      [null, '25.00', null],
      ['Alex', '50.00', 'Go Jane!'],
    ]);
    const events = await db.query(
      `SELECT payload FROM profiles.outbox WHERE type = $1 AND payload->>'profileId' = $2`,
      [PROFILES_EVENTS.totalsChanged.type, profile.id],
    );
    expect(events.rows.map((r) => r.payload.fundsRaised)).toEqual(['175.00']);
  });

  it('asks again with If-None-Match: an unchanged participant costs one 304 and moves only the sync time', async () => {
    const participant = await control<{ participantID: number }>(donorDrive, 'POST', '/_emulator/pages', { goal: 500 });
    const id = String(participant.participantID);
    await control(donorDrive, 'POST', `/_emulator/pages/${id}/donations`, { amount: 20, name: 'Kim' });
    const { userId, profile } = await createPage({
      donationPlatform: 'donordrive',
      donorDriveEventUrl: 'https://events.example.org/e',
      donorDriveParticipantId: id,
    });
    const first = await eventually(async () => {
      const v = await view(profile.urlSlug);
      expect(v.totalsSyncedAt).not.toBeNull();
      return v;
    });
    const before = { ...donorDrive.stats };
    await new Promise((r) => setTimeout(r, MIN_INTERVAL_MS + 50));
    await refresh(userId, profile.id);
    await eventually(async () => {
      expect(donorDrive.stats.notModified).toBe(before.notModified + 1);
      const row = await db.query(`SELECT totals_synced_at FROM profiles.runner_profiles WHERE id = $1`, [profile.id]);
      expect(new Date(row.rows[0].totals_synced_at).getTime()).toBeGreaterThan(Date.parse(first.totalsSyncedAt!));
    });
    // One request: the 304 ends the read, no donations call.
    expect(donorDrive.stats.requests).toBe(before.requests + 1);
    expect((await view(profile.urlSlug)).fundsRaised).toBe('20.00');
  });

  it('reads a JustGiving page in pounds, with the donor count from the donations pagination', async () => {
    const shortName = `jane-${randomUUID().slice(0, 8)}`;
    await control(justGiving, 'POST', '/_emulator/pages', { shortName, goal: 800, currency: 'GBP' });
    await control(justGiving, 'POST', `/_emulator/pages/${shortName}/donations`, {
      amount: 30,
      name: 'Pat',
      message: 'Cheers',
    });
    await control(justGiving, 'POST', `/_emulator/pages/${shortName}/donations`, { amount: 10 });
    const { profile } = await createPage({ donationPlatform: 'justgiving', justGivingPageShortName: shortName });
    const synced = await eventually(async () => {
      const v = await view(profile.urlSlug);
      expect(v.totalsSyncedAt).not.toBeNull();
      return v;
    });
    expect(synced).toMatchObject({
      totalsSource: 'justgiving',
      fundraisingCurrency: 'GBP',
      fundsRaised: '40.00',
      fundraisingGoal: '800.00',
      totalDonors: 2,
    });
    const wall = await ok<DonationsPage>(PROFILES.profile.listDonations, { profileId: profile.id, page: 1 });
    expect(wall.donations.map((d) => [d.name, d.amount, d.currency])).toEqual([
      [null, '10.00', 'GBP'],
      ['Pat', '30.00', 'GBP'],
    ]);
  });

  it('backs off after 429s and then takes the new totals', async () => {
    const shortName = `busy-${randomUUID().slice(0, 8)}`;
    await control(justGiving, 'POST', '/_emulator/pages', { shortName, goal: 100 });
    await control(justGiving, 'POST', `/_emulator/pages/${shortName}/donations`, { amount: 5 });
    await control(justGiving, 'POST', '/_emulator/faults', { kind: 'status', status: 429, times: 2 });
    const faultedBefore = (await control<{ faulted: number }>(justGiving, 'GET', '/_emulator/stats')).faulted;
    const started = Date.now();
    const { profile } = await createPage({ donationPlatform: 'justgiving', justGivingPageShortName: shortName });
    await eventually(async () => expect((await view(profile.urlSlug)).fundsRaised).toBe('5.00'), { timeoutMs: 20_000 });
    expect((await control<{ faulted: number }>(justGiving, 'GET', '/_emulator/stats')).faulted).toBe(faultedBefore + 2);
    // Two retries: at least the first delay, then twice it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(RETRY_DELAY_MS * 3);
  });

  it('keeps the last totals and their time while the platform is down (5xx, hang, dropped connection)', async () => {
    const participant = await control<{ participantID: number }>(donorDrive, 'POST', '/_emulator/pages', { goal: 300 });
    const id = String(participant.participantID);
    await control(donorDrive, 'POST', `/_emulator/pages/${id}/donations`, { amount: 40 });
    const { userId, profile } = await createPage({
      donationPlatform: 'donordrive',
      donorDriveEventUrl: 'https://events.example.org/e',
      donorDriveParticipantId: id,
    });
    const first = await eventually(async () => {
      const v = await view(profile.urlSlug);
      expect(v.fundsRaised).toBe('40.00');
      return v;
    });
    await control(donorDrive, 'POST', `/_emulator/pages/${id}/donations`, { amount: 60 });
    const rules = [{ kind: 'status', status: 503 }, { kind: 'hang', ms: 3000 }, { kind: 'drop' }] as const;
    for (const rule of rules) {
      const faulted = (await control<{ faulted: number }>(donorDrive, 'GET', '/_emulator/stats')).faulted;
      await control(donorDrive, 'POST', '/_emulator/faults', rule);
      await new Promise((r) => setTimeout(r, MIN_INTERVAL_MS + 50));
      await refresh(userId, profile.id);
      await eventually(async () =>
        expect((await control<{ faulted: number }>(donorDrive, 'GET', '/_emulator/stats')).faulted).toBeGreaterThan(
          faulted,
        ),
      );
      const during = await view(profile.urlSlug);
      expect(during).toMatchObject({ fundsRaised: '40.00', totalsSyncedAt: first.totalsSyncedAt });
      await control(donorDrive, 'DELETE', '/_emulator/faults');
    }
    // Back up: the retries pick up the donation made meanwhile.
    await eventually(async () => expect((await view(profile.urlSlug)).fundsRaised).toBe('100.00'), {
      timeoutMs: 20_000,
    });
  });

  it('takes raised and donors by hand for Haku, and refuses them where a platform provides them', async () => {
    const { userId, email, profile } = await createPage({
      donationPlatform: 'haku',
      hakuDonationUrl: 'https://haku.example/jane',
    });
    expect(profile.totalsSource).toBe('manual');
    const updated = await ok<Profile>(PROFILES.profile.update, {
      userId,
      profileId: profile.id,
      changes: { fundsRaised: '1234.50', totalDonors: 12, fundraisingGoal: '5000' },
    });
    expect(updated).toMatchObject({ fundsRaised: '1234.50', totalDonors: 12, fundraisingGoal: '5000.00' });
    // Typed past half the goal: the 25 and 50 % milestones are mailed, once.
    await ok<Profile>(PROFILES.profile.update, { userId, profileId: profile.id, changes: { fundsRaised: 2600 } });
    await ok<Profile>(PROFILES.profile.update, { userId, profileId: profile.id, changes: { fundsRaised: 2700 } });
    await eventually(() => expect(mailsTo(email)).toHaveLength(2));

    const dd = await createPage({
      donationPlatform: 'donordrive',
      donorDriveEventUrl: 'https://events.example.org/e',
      donorDriveParticipantId: '424242',
    });
    const refused = await call(PROFILES.profile.update, {
      userId: dd.userId,
      profileId: dd.profile.id,
      changes: { fundsRaised: 10 },
    });
    expect(refused.err).toMatchObject({ status: 400, message: 'Totals come from DonorDrive' });
    const goal = await ok<Profile>(PROFILES.profile.update, {
      userId: dd.userId,
      profileId: dd.profile.id,
      changes: { fundraisingGoal: 2500.5 },
    });
    expect(goal.fundraisingGoal).toBe('2500.50');
  });

  it('mails each milestone once, however often the sync and the mail step run again', async () => {
    const participant = await control<{ participantID: number }>(donorDrive, 'POST', '/_emulator/pages', { goal: 200 });
    const id = String(participant.participantID);
    await control(donorDrive, 'POST', `/_emulator/pages/${id}/donations`, { amount: 110 });
    const { userId, email, profile } = await createPage({
      donationPlatform: 'donordrive',
      donorDriveEventUrl: 'https://events.example.org/e',
      donorDriveParticipantId: id,
    });
    await eventually(() => expect(mailsTo(email)).toHaveLength(2));
    expect(mailsTo(email).join('\n')).toMatch(/50% of the way/);

    // Redelivery: the same job again, and the mail step many times at once.
    const { TotalsSyncService } = await import('../src/fundraising-totals/totals-sync.service.js');
    const { MilestoneMailsService } = await import('../src/fundraising-totals/milestone-mails.service.js');
    const { RunnerProfilesRepository } = await import('../src/runner-profiles/runner-profiles.repository.js');
    const page = (await worker.get(RunnerProfilesRepository).findById(profile.id))!;
    const mails = worker.get(MilestoneMailsService);
    await new Promise((r) => setTimeout(r, MIN_INTERVAL_MS + 50));
    await Promise.all([
      worker.get(TotalsSyncService).syncPage({ profileId: profile.id, reason: 'scheduled' }),
      ...Array.from({ length: 5 }, () => mails.sendPending(page)),
    ]);
    expect(mailsTo(email)).toHaveLength(2);

    // Crossing the next ones mails only those.
    await control(donorDrive, 'POST', `/_emulator/pages/${id}/donations`, { amount: 100 });
    await new Promise((r) => setTimeout(r, MIN_INTERVAL_MS + 50));
    await refresh(userId, profile.id);
    await eventually(() => expect(mailsTo(email)).toHaveLength(4));
    const rows = await db.query(
      `SELECT milestone FROM profiles.fundraising_milestones WHERE runner_profile_id = $1 ORDER BY milestone`,
      [profile.id],
    );
    expect(rows.rows.map((r) => r.milestone)).toEqual([25, 50, 75, 100]);
  });

  it("clamps a platform's out-of-range amounts and counts to the contract's limits and drops repeated donation ids", async () => {
    const participant = await control<{ participantID: number }>(donorDrive, 'POST', '/_emulator/pages', {
      goal: 100,
    });
    const id = String(participant.participantID);
    await control(donorDrive, 'POST', `/_emulator/pages/${id}/donations`, { amount: 10, name: 'Kim' });
    const at = new Date().toISOString().replace('Z', '+0000');
    const huge = { donationID: 'D-1', displayName: 'Huge', amount: 1e15, createdDateUTC: at };
    await control(donorDrive, 'PUT', `/_emulator/pages/${id}/odd-answer`, {
      fields: { sumDonations: 1e15, fundraisingGoal: 1e15, numDonations: 1e12 },
      // The same donation three times in one answer.
      donations: [huge, { ...huge, message: 'again' }, huge],
    });
    const { profile } = await createPage({
      donationPlatform: 'donordrive',
      donorDriveEventUrl: 'https://events.example.org/e',
      donorDriveParticipantId: id,
    });
    const synced = await eventually(async () => {
      const v = await view(profile.urlSlug);
      expect(v.totalsSyncedAt).not.toBeNull();
      return v;
    });
    const max = (n: number) => n.toFixed(2);
    expect(synced).toMatchObject({
      fundsRaised: max(FUNDRAISING_LIMITS.raisedMax),
      fundraisingGoal: max(FUNDRAISING_LIMITS.goalMax),
      totalDonors: FUNDRAISING_LIMITS.donorsMax,
    });
    const wall = await ok<DonationsPage>(PROFILES.profile.listDonations, { profileId: profile.id, page: 1 });
    expect(wall.donations.map((d) => [d.name, d.amount]).sort()).toEqual([
      ['Huge', max(FUNDRAISING_LIMITS.raisedMax)],
      ['Kim', '10.00'],
    ]);
  });

  it("points a DonorDrive page's Donate button at the participant's donate address from DonorDrive, on the page's own site only", async () => {
    const eventUrl = 'https://events.example.org/index.cfm?fuseaction=donorDrive.event&eventID=1';
    async function pageWithDonateLink(donate: string) {
      const participant = await control<{ participantID: number }>(donorDrive, 'POST', '/_emulator/pages', {
        goal: 100,
      });
      const id = String(participant.participantID);
      await control(donorDrive, 'PUT', `/_emulator/pages/${id}/odd-answer`, { fields: { links: { donate } } });
      const { profile } = await createPage({
        donationPlatform: 'donordrive',
        donorDriveEventUrl: eventUrl,
        donorDriveParticipantId: id,
      });
      const synced = await eventually(async () => {
        const v = await view(profile.urlSlug);
        expect(v.totalsSyncedAt).not.toBeNull();
        return v;
      });
      return { id, donationUrl: synced.donationUrl };
    }
    // This instance lives under a path that a link built from the event URL's origin would lose.
    const own =
      'https://events.example.org/donordrive/index.cfm?fuseaction=donorDrive.participant&participantID=7#donate';
    expect((await pageWithDonateLink(own)).donationUrl).toBe(own);
    // Another site, or not https: the link built from the page's own event URL stays.
    for (const foreign of [
      'https://evil.example/donate#donate',
      'javascript:alert(1)',
      'http://events.example.org/x',
    ]) {
      const { id, donationUrl } = await pageWithDonateLink(foreign);
      expect(donationUrl).toBe(
        `https://events.example.org/index.cfm?fuseaction=donorDrive.participant&participantID=${id}#donate`,
      );
    }
  });

  it('shows the donor wall of a published page only', async () => {
    const { profile } = await createPage({ donationPlatform: 'haku', hakuDonationUrl: 'https://haku.example/x' });
    await db.query(`UPDATE profiles.owner_access SET status = 'canceled' WHERE user_id = $1`, [profile.userId]);
    const reply = await call(PROFILES.profile.listDonations, { profileId: profile.id, page: 1 });
    expect(reply.err).toMatchObject({ status: 404 });
    const own = await ok<DonationsPage>(PROFILES.profile.listDonations, {
      profileId: profile.id,
      page: 1,
      userId: profile.userId,
    });
    expect(own).toEqual({ donations: [], page: 1, totalPages: 1 });
  });

  it('schedules a page while it is still raising: until its chosen last day, else 30 days after race day', async () => {
    const participant = await control<{ participantID: number }>(donorDrive, 'POST', '/_emulator/pages', { goal: 100 });
    const platform = {
      donationPlatform: 'donordrive',
      donorDriveEventUrl: 'https://events.example.org/e',
      donorDriveParticipantId: String(participant.participantID),
    };
    const pages = await Promise.all([1, 2, 3, 4].map(() => createPage(platform)));
    const [upcoming, defaultEnded, chosenEnded, chosenToday] = pages.map((p) => p.profile.id);
    const race = (id: string | undefined, raceDaysAgo: number, raisingUntilDaysAgo: number | null) =>
      db.query(
        `UPDATE profiles.runner_profiles SET marathon_date = CURRENT_DATE - $2::int,
           raising_until = CURRENT_DATE - $3::int WHERE id = $1`,
        [id, raceDaysAgo, raisingUntilDaysAgo],
      );
    await race(upcoming, -20, null);
    await race(defaultEnded, 40, null);
    await race(chosenEnded, 10, 2);
    await race(chosenToday, 40, 0);

    // The scheduled pass's own list (what it spreads over the interval), from the worker.
    const { RunnerProfilesRepository } = await import('../src/runner-profiles/runner-profiles.repository.js');
    const scheduled = new Set((await worker.get(RunnerProfilesRepository).listSyncedWithAccess()).map((p) => p.id));
    expect([upcoming, defaultEnded, chosenEnded, chosenToday].map((id) => scheduled.has(id!))).toEqual([
      true,
      false,
      false,
      true,
    ]);
    // The owner's refresh still reads a page that has stopped raising.
    expect(await refresh(pages[1]!.userId, defaultEnded!)).toEqual({ queued: true });
  });
});
