import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { FIXTURES, ENTITY_BOMB, fit, gpx, tcx } from '../../../test/fixtures/activity-files/generate.mjs';
import { ActivityFileParser, parseActivityFile } from './parse-activity-file.js';
import { UnreadableFileError } from './unreadable-file.error.js';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../../test/fixtures/activity-files/${name}`, import.meta.url)));
const text = (content: string) => new TextEncoder().encode(content);
const reasonFor = (bytes: Uint8Array, name = 'run.gpx') => {
  try {
    parseActivityFile(bytes, name);
  } catch (err) {
    if (err instanceof UnreadableFileError) return err.reason;
    throw err;
  }
  throw new Error('the file was read');
};

describe('parseActivityFile', () => {
  it('reads a GPX track: distance by haversine, moving time without the stop, elevation gain, start', () => {
    const run = parseActivityFile(fixture(FIXTURES.gpx.file), FIXTURES.gpx.file);
    expect(run).toMatchObject({
      name: FIXTURES.gpx.name,
      sportType: 'Run',
      movingTimeSeconds: FIXTURES.gpx.movingTimeSeconds,
      startDate: FIXTURES.gpx.start,
      startDateLocal: FIXTURES.gpx.start.slice(0, 19),
    });
    expect(run.distanceMeters).toBeCloseTo(FIXTURES.gpx.distanceMeters, -1);
    expect(run.elevationGainMeters).toBeCloseTo(FIXTURES.gpx.elevationGainMeters, 0);
  });

  it("takes a TCX file's distance and time from its laps' own totals", () => {
    expect(parseActivityFile(fixture(FIXTURES.tcx.file), 'tempo.tcx')).toMatchObject({
      name: FIXTURES.tcx.name,
      sportType: 'Run',
      distanceMeters: FIXTURES.tcx.distanceMeters,
      movingTimeSeconds: FIXTURES.tcx.movingTimeSeconds,
      startDate: FIXTURES.tcx.start,
    });
  });

  it("takes a FIT file's figures from its session, and the runner's local time from the activity", () => {
    expect(parseActivityFile(fixture(FIXTURES.fit.file), 'Evening run.fit')).toEqual({
      name: 'Evening run',
      sportType: 'Run',
      distanceMeters: FIXTURES.fit.distanceMeters,
      movingTimeSeconds: FIXTURES.fit.movingTimeSeconds,
      elapsedTimeSeconds: FIXTURES.fit.elapsedTimeSeconds,
      elevationGainMeters: FIXTURES.fit.elevationGainMeters,
      startDate: FIXTURES.fit.start,
      startDateLocal: FIXTURES.fit.startLocal,
    });
  });

  it('tells the kind from the content, not the name', () => {
    expect(parseActivityFile(fixture(FIXTURES.fit.file), 'renamed.gpx').distanceMeters).toBe(
      FIXTURES.fit.distanceMeters,
    );
  });

  it('refuses an entity bomb before expanding anything', () => {
    const started = performance.now();
    expect(reasonFor(text(ENTITY_BOMB))).toBe('it declares a DTD or entities, which activity files never do');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(reasonFor(text(`<?xml version="1.0"?><!DOCTYPE gpx SYSTEM "http://example.com/x.dtd"><gpx/>`))).toBe(
      'it declares a DTD or entities, which activity files never do',
    );
  });

  it('names what is wrong with a file it cannot read', () => {
    expect(reasonFor(new Uint8Array())).toBe('it is empty');
    expect(reasonFor(fixture('not-a-run.gpx'))).toBe('it is not a GPX, TCX or FIT file');
    expect(reasonFor(text('<kml><Document/></kml>'))).toBe('it is not a GPX, TCX or FIT file');
    expect(reasonFor(text('<gpx><trk><trkseg></trk></gpx>'))).toMatch(/^it is not well-formed XML \(line 1: /);
    expect(reasonFor(text('<gpx version="1.1"><trk><name>x</name></trk></gpx>'))).toBe('it has no track points');
    expect(reasonFor(text('<TrainingCenterDatabase><Activities/></TrainingCenterDatabase>'))).toBe(
      'it holds no activity',
    );
    const fit = fixture(FIXTURES.fit.file);
    fit[fit.length - 40] ^= 0xff;
    expect(reasonFor(fit, 'run.fit')).toBe('the FIT file is damaged (its size or check sum is wrong)');
  });

  it('refuses a run with no time, no distance or a start in the future', () => {
    const untimed = `<gpx><trk><trkseg><trkpt lat="1" lon="1"/><trkpt lat="1.01" lon="1"/></trkseg></trk></gpx>`;
    expect(reasonFor(text(untimed))).toBe('it has no start time');
    const future = gpx({ start: Date.now() + 3 * 24 * 3600_000 });
    expect(reasonFor(text(future))).toBe('its start time is in the future');
    const still = `<gpx><trk><trkseg><trkpt lat="1" lon="1"><time>2026-10-01T00:00:00Z</time></trkpt></trkseg></trk></gpx>`;
    expect(reasonFor(text(still))).toBe('it records no distance');
  });

  it('keeps control characters out of the name and falls back to the file name', () => {
    expect(parseActivityFile(text(gpx({ name: 'Park\n\t  run' })), 'x.gpx').name).toBe('Park run');
    expect(reasonFor(text(gpx({ name: 'Park\u0007 run' })))).toMatch(/^it is not well-formed XML \(line \d+: /);
    expect(parseActivityFile(text(gpx({ name: '' })), 'Long run\u0000.gpx').name).toBe('Long run');
  });

  it("reads a sport named like an object's own property (constructor, toString) as a workout, not a crash", () => {
    for (const sport of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(parseActivityFile(text(gpx({ type: sport })), 'odd.gpx').sportType).toBe('Workout');
      expect(parseActivityFile(text(tcx({ sport })), 'odd.tcx').sportType).toBe('Workout');
    }
    expect(parseActivityFile(text(gpx({ type: '9' })), 'strava.gpx').sportType).toBe('Run');
  });

  it('reads a FIT file with only records (no session totals), however many, from its track', () => {
    // A record a second for 42 hours (150,000 records): more than a spread of arguments can take.
    const [movingTimeSeconds, distanceMeters] = [150_000 - 300, 150_000];
    const file = fit({ session: false, every: 1, movingTimeSeconds, distanceMeters });
    const run = parseActivityFile(new Uint8Array(file), 'watch.fit');
    expect(run).toMatchObject({ sportType: 'Run', startDate: FIXTURES.fit.start, distanceMeters });
    expect(run.movingTimeSeconds).toBeGreaterThan(movingTimeSeconds - 600);
    // First record to last, the five-minute stop included.
    expect(run.elapsedTimeSeconds).toBe(150_000);
  });

  it('reads a FIT session whose sport is a number the SDK has no name for as a workout', () => {
    const run = parseActivityFile(new Uint8Array(fit({ sport: 200 })), 'odd.fit');
    expect(run).toMatchObject({ sportType: 'Workout', distanceMeters: FIXTURES.fit.distanceMeters });
  });

  it('reads a file chunk by chunk as it arrives, split anywhere (inside a character, a tag, the FIT header)', () => {
    const inChunks = (bytes: Uint8Array, size: number, name: string) => {
      const parser = new ActivityFileParser(name, bytes.length);
      for (let at = 0; at < bytes.length; at += size) parser.push(bytes.subarray(at, at + size));
      return parser.end();
    };
    const accented = text(gpx({ name: 'Café run ✓' }));
    expect(inChunks(accented, 7, 'x.gpx')).toEqual(parseActivityFile(accented, 'x.gpx'));
    const fit = fixture(FIXTURES.fit.file);
    expect(inChunks(fit, 5, 'x.fit')).toEqual(parseActivityFile(fit, 'x.fit'));
    const tcxRun = fixture(FIXTURES.tcx.file);
    expect(inChunks(tcxRun, 4096, 'x.tcx')).toEqual(parseActivityFile(tcxRun, 'x.tcx'));
    expect(() => inChunks(text(ENTITY_BOMB), 3, 'bomb.gpx')).toThrow(UnreadableFileError);
  });
});
