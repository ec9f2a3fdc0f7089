// Issue 13 item 4: Strava activities that Strava itself does not show to everyone never appear publicly.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FITNESS, type Activity, type TrainingStats } from '@runpledge/contracts';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import { startFitnessHarness, type FitnessHarness } from './fitness-harness.js';

describe('private and followers-only Strava activities stay with their runner, whatever the consent', () => {
  let h: FitnessHarness;

  beforeAll(async () => {
    h = await startFitnessHarness();
    await h.startWorker();
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  const addRun = (athleteId: number, name: string, extra: Record<string, unknown>) =>
    h.emulatorCall('POST', `/_emulator/athletes/${athleteId}/activities?push=false`, {
      name,
      sport_type: 'Run',
      distance: 10_000,
      moving_time: 3000,
      start_date: '2026-01-06T07:00:00Z',
      ...extra,
    });
  const names = (list: Activity[]) => list.map((a) => a.name).sort();

  it('hides them from visitors (list and stats) and shows them to the runner, also after a change on Strava', async () => {
    const runner = await h.newRunner();
    const seeded = await h.seedAthlete(0);
    await addRun(seeded.athlete.id, 'Public run', { visibility: 'everyone' });
    await addRun(seeded.athlete.id, 'Private run', { private: true });
    await addRun(seeded.athlete.id, 'Followers run', { visibility: 'followers_only' });
    await addRun(seeded.athlete.id, 'Only me run', { visibility: 'only_me' });
    // Consent to public display is given: it must not open what Strava keeps private.
    await h.connectAndSetUp(runner.userId, seeded, '2026-01-01');
    await eventually(async () => expect(await h.countActivities(runner.userId)).toBe(4));

    const visitor = await h.rpc<Activity[]>(FITNESS.activities.list, { userId: runner.userId, limit: 50 });
    expect(names(visitor)).toEqual(['Public run']);
    const owner = await h.rpc<Activity[]>(FITNESS.activities.list, {
      userId: runner.userId,
      viewerUserId: runner.userId,
      limit: 50,
    });
    expect(names(owner)).toEqual(['Followers run', 'Only me run', 'Private run', 'Public run']);

    const visitorStats = await h.rpc<TrainingStats>(FITNESS.trainingStats.get, { profileId: runner.profileId });
    expect(visitorStats.runCount).toBe(1);
    const ownerStats = await h.rpc<TrainingStats>(FITNESS.trainingStats.get, {
      profileId: runner.profileId,
      viewerUserId: runner.userId,
    });
    expect(ownerStats.runCount).toBe(4);

    // The runner makes the public run followers-only on Strava: Strava's update event hides it.
    const [publicRun] = visitor;
    const { data } = await h.emulatorCall<{ data: { id: number; name: string }[] }>(
      'GET',
      `/_emulator/athletes/${seeded.athlete.id}/activities`,
    );
    const stravaId = data.find((a) => a.name === 'Public run')!.id;
    expect(publicRun).toBeDefined();
    await h.emulatorCall('PATCH', `/_emulator/activities/${stravaId}?push=false`, { visibility: 'followers_only' });
    await h.rpc(FITNESS.strava.webhookEvent, {
      object_type: 'activity',
      object_id: stravaId,
      aspect_type: 'update',
      owner_id: seeded.athlete.id,
      subscription_id: h.webhookSubscriptionId,
      updates: { visibility: 'followers_only' },
      event_time: Math.floor(Date.now() / 1000),
    });
    await eventually(async () =>
      expect(await h.rpc<Activity[]>(FITNESS.activities.list, { userId: runner.userId, limit: 50 })).toEqual([]),
    );
  });
});
