// A donation platform that answers one byte at a time: its pages must not hold up other platforms'
// pages, and each of its requests ends at the absolute deadline. The profiles service and its
// totals-sync worker in-process, on the jest run's own database, NATS prefix and Redis prefix.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { PROFILES, type PublicProfileView } from '@runpledge/contracts';
import type { PlatformEmulator, TrickledAnswer } from '@runpledge/emulators';
import { randomUUID } from 'node:crypto';
import { eventually, natsRequester } from '../../../scripts/jest/helpers.mjs';
import { startProfilesWithPlatforms, type PlatformsHarness } from './platforms-harness.js';

jest.setTimeout(90_000);

type Reply<T> = { response?: T; err?: { status: number; code: string; message: string } };
/** The absolute deadline of one platform request in this file. */
const DEADLINE_MS = 1_500;
/** A trickled answer (even a 35-byte "not found") would take far longer than the deadline. */
const TRICKLE_EVERY_MS = 250;

describe('a slow donation platform', () => {
  let harness: PlatformsHarness;
  let donorDrive: PlatformEmulator;
  let justGiving: PlatformEmulator;
  let nats: Awaited<ReturnType<typeof natsRequester>>;

  async function ok<T>(pattern: string, data: unknown): Promise<T> {
    const reply = (await nats.request(pattern, data, 10_000)) as Reply<T>;
    if (reply.err) throw new Error(`${pattern}: ${reply.err.status} ${reply.err.message}`);
    return reply.response as T;
  }
  const control = <T = unknown>(emulator: PlatformEmulator, method: string, path: string, body?: unknown) =>
    harness.control<T>(emulator, method, path, body);
  const createPage = async (platform: Record<string, unknown>) => (await harness.createPage(platform)).profile;

  beforeAll(async () => {
    harness = await startProfilesWithPlatforms({
      // Three jobs at once, of which one host may hold one.
      TOTALS_SYNC_CONCURRENCY: '3',
      TOTALS_PER_HOST_CONCURRENCY: '1',
      TOTALS_HOST_BUSY_DELAY_MS: '200',
      TOTALS_REQUEST_TIMEOUT_MS: String(DEADLINE_MS),
      TOTALS_RETRY_DELAY_MS: '60000',
      TOTALS_MIN_INTERVAL_MS: '300',
      TOTALS_SYNC_EVERY_SECONDS: '86400',
    });
    ({ donorDrive, justGiving, nats } = harness);
  });

  afterAll(async () => {
    await harness?.stop();
  });

  it("a trickling host's pages do not stop another host's pages from syncing, and each trickle is cut at the deadline", async () => {
    await control(donorDrive, 'POST', '/_emulator/trickle', { everyMs: TRICKLE_EVERY_MS, path: '/api/participants/' });
    // More trickling pages than the worker has slots, and enough of them (one at a time, each cut at
    // the deadline) that the slow host keeps trickling for about 18 s: long enough, on a busy machine,
    // for the other host's page to be created and synced meanwhile.
    for (let i = 0; i < 12; i++) {
      const participant = await control<{ participantID: number }>(donorDrive, 'POST', '/_emulator/pages', {
        goal: 1000,
      });
      await createPage({
        donationPlatform: 'donordrive',
        donorDriveEventUrl: 'https://events.example.org/index.cfm?fuseaction=donorDrive.event&eventID=1',
        donorDriveParticipantId: String(participant.participantID),
      });
    }
    await eventually(async () => {
      const { trickling } = await control<{ trickling: number }>(donorDrive, 'GET', '/_emulator/trickle');
      expect(trickling).toBeGreaterThan(0);
    });

    const shortName = `slow-jg-${randomUUID().slice(0, 8)}`;
    await control(justGiving, 'POST', '/_emulator/pages', { shortName, goal: 800 });
    await control(justGiving, 'POST', `/_emulator/pages/${shortName}/donations`, { amount: 42 });
    const other = await createPage({ donationPlatform: 'justgiving', justGivingPageShortName: shortName });

    // At one moment the slow host is still trickling and the other host's page shows its new total.
    await eventually(
      async () => {
        const { trickling } = await control<{ trickling: number }>(donorDrive, 'GET', '/_emulator/trickle');
        const view = await ok<PublicProfileView>(PROFILES.profile.getBySlug, { slug: other.urlSlug });
        expect(view.fundsRaised).toBe('42.00');
        expect(trickling).toBeGreaterThan(0);
      },
      { timeoutMs: 15_000, intervalMs: 200 },
    );

    // Each trickled answer was cut by the client at the deadline, long before its last byte.
    let ended: TrickledAnswer[] = [];
    await eventually(
      async () => {
        const { answers } = await control<{ answers: TrickledAnswer[] }>(donorDrive, 'GET', '/_emulator/trickle');
        ended = answers.filter((a) => a.endedAt !== undefined);
        expect(ended.length).toBeGreaterThan(0);
      },
      { timeoutMs: 15_000, intervalMs: 200 },
    );
    for (const answer of ended) {
      expect(answer.cut).toBe(true);
      expect(answer.sent).toBeLessThan(answer.size);
      const tookMs = Date.parse(answer.endedAt!) - Date.parse(answer.startedAt);
      // Measured from the emulator's side, which starts a little after the client's clock.
      expect(tookMs).toBeGreaterThanOrEqual(DEADLINE_MS - 500);
      expect(tookMs).toBeLessThan(DEADLINE_MS + 5_000);
      expect(DEADLINE_MS + 5_000).toBeLessThan(answer.size * TRICKLE_EVERY_MS);
    }
  });
});
