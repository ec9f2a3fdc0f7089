import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BUSINESS } from '@runpledge/contracts';
import { readFileSync } from 'node:fs';
import { emulatorCalls, eventually, freePort, signUpRunner, stravaSetupBody } from '../../../scripts/jest/helpers.mjs';
import {
  bigGpx,
  fit as fitFile,
  FIXTURES,
  gpx as gpxFile,
  tcx as tcxFile,
} from './fixtures/activity-files/generate.mjs';
import { pageBody } from './support/api-client.js';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';

// Issue #29: POST /api/activities/upload, a GPX, TCX or FIT file read by the gateway (on its reading
// threads) and stored by fitness unless the run is already on the page.

const UPLOADS_PER_RUNNER = 10;
const fixture = (name: string) => readFileSync(new URL(`./fixtures/activity-files/${name}`, import.meta.url));

interface Runner {
  id: string;
  cookie: string;
}
interface StoredActivity {
  id: string;
  name: string;
  source: string;
  sportType: string;
  distanceMeters: number;
  durationSeconds: number;
  elevationGainMeters: number;
  startDate: string;
}

describe('activity files (POST /api/activities/upload)', () => {
  let stack: Stack;
  let metricsPort: number;

  const upload = async (content: Uint8Array | string, fileName: string, cookie?: string) => {
    const form = new FormData();
    form.append('file', new Blob([content]), fileName);
    const res = await fetch(`${stack.url}/api/activities/upload`, {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}) },
      body: form,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const ownActivities = async (cookie: string) => {
    const res = await fetch(`${stack.url}/api/activities?limit=200`, { headers: { cookie } });
    return (await res.json()) as StoredActivity[];
  };
  const signUp = async (): Promise<Runner> => {
    const { id, cookie } = (await signUpRunner(stack.url)) as Runner;
    return { id, cookie };
  };
  /** Tasks on the gateway's file-reading threads, from its Prometheus metrics. */
  const filesBeingRead = async () => {
    const page = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const line = page.split('\n').find((l) => l.startsWith('worker_pool_tasks{pool="ActivityFileReader",'));
    return line ? Number(line.split(' ').pop()) : 0;
  };

  beforeAll(async () => {
    metricsPort = await freePort();
    stack = await startGatewayStack(
      // Few enough to reach in a test, more than any other test here uploads for one runner.
      { RATE_LIMIT_ACTIVITY_UPLOADS_PER_USER: String(UPLOADS_PER_RUNNER) },
      {
        metricsPorts: { gateway: metricsPort },
        log: (name: string, line: string) => {
          if (process.env.DEBUG_STACK && /"level":(50|60)/.test(line)) console.error(name, line);
        },
      },
    );
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await stack?.stop();
  });

  it('stores a GPX, a TCX and a FIT run with the distance, moving time and start the file gives', async () => {
    const runner = await signUp();
    const gpx = await upload(fixture(FIXTURES.gpx.file), FIXTURES.gpx.file, runner.cookie);
    expect(gpx.status).toBe(201);
    expect(gpx.body.activity).toMatchObject({
      name: FIXTURES.gpx.name,
      source: 'upload',
      sportType: 'Run',
      durationSeconds: FIXTURES.gpx.movingTimeSeconds,
      startDate: FIXTURES.gpx.start,
      externalUrl: null,
    });
    expect(gpx.body.activity.distanceMeters).toBeCloseTo(FIXTURES.gpx.distanceMeters, -1);
    expect(gpx.body.activity.elevationGainMeters).toBeCloseTo(FIXTURES.gpx.elevationGainMeters, 0);

    const tcx = await upload(fixture(FIXTURES.tcx.file), FIXTURES.tcx.file, runner.cookie);
    expect(tcx).toMatchObject({
      status: 201,
      body: {
        activity: {
          name: FIXTURES.tcx.name,
          source: 'upload',
          distanceMeters: FIXTURES.tcx.distanceMeters,
          durationSeconds: FIXTURES.tcx.movingTimeSeconds,
          startDate: FIXTURES.tcx.start,
        },
      },
    });
    const fit = await upload(fixture(FIXTURES.fit.file), FIXTURES.fit.file, runner.cookie);
    expect(fit).toMatchObject({
      status: 201,
      body: {
        activity: {
          name: 'evening-run',
          source: 'upload',
          distanceMeters: FIXTURES.fit.distanceMeters,
          durationSeconds: FIXTURES.fit.movingTimeSeconds,
          elevationGainMeters: FIXTURES.fit.elevationGainMeters,
          startDate: FIXTURES.fit.start,
        },
      },
    });
    // Stored as the runner's own runs, newest first; no one else's.
    expect((await ownActivities(runner.cookie)).map((a) => [a.id, a.source])).toEqual([
      [fit.body.activity.id, 'upload'],
      [tcx.body.activity.id, 'upload'],
      [gpx.body.activity.id, 'upload'],
    ]);
    expect(await ownActivities((await signUp()).cookie)).toEqual([]);

    // The page's training figures count them like any other run.
    const created = await fetch(`${stack.url}/api/runner-profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: runner.cookie },
      body: JSON.stringify(pageBody()),
    });
    expect(created.status).toBe(201);
    const { profile } = (await created.json()) as { profile: { id: string } };
    const stats = await fetch(`${stack.url}/api/training-stats/${profile.id}`, { headers: { cookie: runner.cookie } });
    const meters = gpx.body.activity.distanceMeters + FIXTURES.tcx.distanceMeters + FIXTURES.fit.distanceMeters;
    const figures = (await stats.json()) as { hasTrainingData: boolean; runCount: number; totalMiles: number };
    expect(figures).toMatchObject({ hasTrainingData: true, runCount: 3 });
    expect(figures.totalMiles).toBeCloseTo(meters * BUSINESS.metersToMiles, 0);
  });

  it('refuses the same run again: an earlier upload, a run entered by hand, a Strava run (409, named as visitors see it)', async () => {
    const runner = await signUp();
    const first = await upload(fixture(FIXTURES.gpx.file), 'first.gpx', runner.cookie);
    expect(first.status).toBe(201);
    expect(await upload(fixture(FIXTURES.gpx.file), 'again.gpx', runner.cookie)).toEqual({
      status: 409,
      body: expect.objectContaining({ message: 'This run is already on your page (uploaded file).' }),
    });
    // Deleted by its runner, it can come back.
    const removed = await fetch(`${stack.url}/api/activities/${first.body.activity.id}`, {
      method: 'DELETE',
      headers: { cookie: runner.cookie },
    });
    expect(removed.status).toBe(200);
    expect((await upload(fixture(FIXTURES.gpx.file), 'again.gpx', runner.cookie)).status).toBe(201);

    const byHand = await fetch(`${stack.url}/api/activities`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: runner.cookie },
      body: JSON.stringify({ date: FIXTURES.tcx.start.slice(0, 10), distanceKm: 10, durationSeconds: 3000 }),
    });
    expect(byHand.status).toBe(201);
    expect(await upload(fixture(FIXTURES.tcx.file), 'tempo.tcx', runner.cookie)).toMatchObject({
      status: 409,
      body: { message: 'This run is already on your page (entered by hand).' },
    });

    // The FIT run, synced from Strava a minute off and 2 % longer.
    const strava = emulatorCalls(() => stack.env.STRAVA_BASE_URL);
    const seeded = await strava('POST', '/_emulator/athletes', { activities: 0 });
    const setup = await fetch(`${stack.url}/api/fitness/strava/complete-setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: runner.cookie },
      body: JSON.stringify(stravaSetupBody(runner.id, seeded)),
    });
    expect(setup.status).toBe(200);
    await strava('POST', `/_emulator/athletes/${seeded.athlete.id}/activities`, {
      name: 'Evening run on Strava',
      distance: FIXTURES.fit.distanceMeters * 1.02,
      moving_time: FIXTURES.fit.movingTimeSeconds,
      start_date: new Date(Date.parse(FIXTURES.fit.start) + 60_000).toISOString(),
    });
    await eventually(
      async () => expect((await ownActivities(runner.cookie)).map((a) => a.source)).toContain('strava'),
      { timeoutMs: 20_000 },
    );
    expect(await upload(fixture(FIXTURES.fit.file), 'evening.fit', runner.cookie)).toMatchObject({
      status: 409,
      body: { message: 'This run is already on your page (via Strava).' },
    });
    expect((await ownActivities(runner.cookie)).map((a) => a.source).sort()).toEqual(['manual', 'strava', 'upload']);
  });

  it('answers 400 with the reason for a file it cannot read, and refuses an entity bomb at once', async () => {
    const runner = await signUp();
    expect(await upload(fixture('not-a-run.gpx'), 'not-a-run.gpx', runner.cookie)).toMatchObject({
      status: 400,
      body: { message: 'We could not read this file: it is not a GPX, TCX or FIT file' },
    });
    expect(await upload('<gpx><trk><trkseg></trk></gpx>', 'broken.gpx', runner.cookie)).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^We could not read this file: it is not well-formed XML/) },
    });
    const bomb = await upload(fixture('entity-bomb.gpx'), 'laughs.gpx', runner.cookie);
    expect(bomb).toMatchObject({
      status: 400,
      body: { message: 'We could not read this file: it declares a DTD or entities, which activity files never do' },
    });
    expect(await ownActivities(runner.cookie)).toEqual([]);
  });

  it('reads a file whose sport is named `constructor` or `toString` as a workout (never a 500), and the next upload still works', async () => {
    const runner = await signUp();
    const odd = [
      [gpxFile({ type: 'constructor', name: 'Constructor run' }), 'constructor.gpx'],
      [tcxFile({ sport: 'toString' }), 'tostring.tcx'],
    ] as const;
    for (const [content, name] of odd) {
      const res = await upload(content, name, runner.cookie);
      expect(res).toMatchObject({ status: 201, body: { activity: { sportType: 'Workout', source: 'upload' } } });
    }
    expect((await upload(fixture(FIXTURES.fit.file), FIXTURES.fit.file, runner.cookie)).status).toBe(201);
  });

  it('reads a FIT file that has only records (no session totals), and one whose sport is a number', async () => {
    const runner = await signUp();
    // A record a second for 42 hours: more records than a spread of arguments can take.
    const recordsOnly = fitFile({
      session: false,
      every: 1,
      movingTimeSeconds: 150_000 - 300,
      distanceMeters: 150_000,
    });
    expect(await upload(recordsOnly, 'watch.fit', runner.cookie)).toMatchObject({
      status: 201,
      body: { activity: { sportType: 'Run', distanceMeters: 150_000, startDate: FIXTURES.fit.start } },
    });
    const other = await signUp();
    expect(await upload(fitFile({ sport: 200 }), 'odd-sport.fit', other.cookie)).toMatchObject({
      status: 201,
      body: { activity: { sportType: 'Workout', distanceMeters: FIXTURES.fit.distanceMeters } },
    });
  }, 120_000);

  it('refuses a file over 10 MB with 413, a caller not signed in with 401, a form from elsewhere with 403', async () => {
    const runner = await signUp();
    const tooBig = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x20);
    expect(await upload(tooBig, 'huge.gpx', runner.cookie)).toMatchObject({
      status: 413,
      body: { message: 'This file is larger than 10 MB.' },
    });
    expect(await upload(fixture(FIXTURES.gpx.file), 'run.gpx')).toMatchObject({ status: 401 });

    // A cross-site form can post multipart, but cannot add X-Requested-With.
    const form = new FormData();
    form.append('file', new Blob([fixture(FIXTURES.gpx.file)]), 'run.gpx');
    const res = await fetch(`${stack.url}/api/activities/upload`, {
      method: 'POST',
      headers: { cookie: runner.cookie },
      body: form,
    });
    expect(res.status).toBe(403);
    const noFile = await fetch(`${stack.url}/api/activities/upload`, {
      method: 'POST',
      headers: { cookie: runner.cookie, 'x-requested-with': 'XMLHttpRequest' },
      body: new FormData(),
    });
    expect(noFile.status).toBe(400);
    expect(await ownActivities(runner.cookie)).toEqual([]);
  });

  it('limits how many files one runner may send, with 429 and Retry-After', async () => {
    const runner = await signUp();
    for (let i = 0; i < UPLOADS_PER_RUNNER; i++)
      expect((await upload('not a run', `notes-${i}.gpx`, runner.cookie)).status).toBe(400);
    const form = new FormData();
    form.append('file', new Blob([fixture(FIXTURES.gpx.file)]), 'run.gpx');
    const res = await fetch(`${stack.url}/api/activities/upload`, {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: runner.cookie },
      body: form,
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /^Too many uploads\. Please wait \d+ minutes? and try again\.$/,
    );
    // Another runner is not held back.
    expect((await upload(fixture(FIXTURES.gpx.file), 'run.gpx', (await signUp()).cookie)).status).toBe(201);
  });

  it("serves others while a 10 MB file is being read (the reading happens off the gateway's event loop)", async () => {
    const runner = await signUp();
    const big = new TextEncoder().encode(bigGpx(10 * 1024 * 1024 - 64 * 1024));
    expect(big.length).toBeLessThanOrEqual(10 * 1024 * 1024);
    // A light request answered while the file is on a reading thread, seen from both sides: the
    // reading had started before it was sent and had not ended when it was answered.
    let answeredDuringParse = false;
    for (let attempt = 0; attempt < 3 && !answeredDuringParse; attempt++) {
      const reading = upload(big, `ultra-${attempt}.gpx`, runner.cookie);
      await eventually(async () => expect(await filesBeingRead()).toBe(1), { timeoutMs: 30_000, intervalMs: 20 });
      const light = await fetch(`${stack.url}/api/health/live`);
      expect(light.status).toBe(200);
      answeredDuringParse = (await filesBeingRead()) === 1;
      const result = await reading;
      expect([201, 409]).toContain(result.status);
    }
    expect(answeredDuringParse).toBe(true);
    expect((await ownActivities(runner.cookie)).map((a) => a.name)).toEqual(['Big file']);
  }, 180_000);
});
