// Issue 26: an owner's read of their own page's training summary is checked here, on fitness's copy of
// who owns which page, without asking profiles; anyone else gets nothing from it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FITNESS } from '@runpledge/contracts';
import { randomUUID } from 'node:crypto';
import { startFitnessHarness, type FitnessHarness } from './fitness-harness.js';

describe("a page's training summary for its owner", () => {
  let h: FitnessHarness;

  beforeAll(async () => {
    h = await startFitnessHarness();
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  const getOwn = (profileId: string, userId: string) =>
    h.rpc<{ fitnessProfile: unknown }>(FITNESS.fitnessProfile.getOwn, { profileId, userId });

  it('answers the owner, before and after Strava is set up, and no one else', async () => {
    const runner = await h.newRunner();
    const other = await h.newRunner();

    expect(await getOwn(runner.profileId, runner.userId)).toEqual({
      fitnessProfile: {
        stravaConnected: false,
        trainingStartDate: null,
        needsReconnect: false,
        lastSyncedAt: null,
        publicDisplayConsent: false,
      },
    });
    // Another runner (with a page of their own), a stranger, and an unknown page: nothing.
    expect(await getOwn(runner.profileId, other.userId)).toEqual({ fitnessProfile: null });
    expect(await getOwn(runner.profileId, randomUUID())).toEqual({ fitnessProfile: null });
    expect(await getOwn(randomUUID(), runner.userId)).toEqual({ fitnessProfile: null });

    await h.connectAndSetUp(runner.userId, await h.seedAthlete(0), '2026-06-01');
    const own = await getOwn(runner.profileId, runner.userId);
    expect(own).toEqual({
      fitnessProfile: expect.objectContaining({
        stravaConnected: true,
        trainingStartDate: '2026-06-01',
        publicDisplayConsent: true,
      }),
    });
    // The same summary a visitor of the published page would read.
    expect(own.fitnessProfile).toEqual(await h.rpc(FITNESS.fitnessProfile.get, { profileId: runner.profileId }));
    expect(await getOwn(runner.profileId, other.userId)).toEqual({ fitnessProfile: null });
  });
});
