import { describe, expect, it } from '@jest/globals';
import { findSameRun, isSameRun } from './same-run.js';

const start = new Date('2026-10-04T07:30:00Z');
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
const upload = { distanceMeters: 10_000, startDate: start };

describe('the duplicate rule of uploaded runs', () => {
  it('is the same run when it starts within two minutes and its distance is within 3 %', () => {
    expect(isSameRun({ source: 'strava', distanceMeters: 10_290, startDate: at(120) }, upload)).toBe(true);
    expect(isSameRun({ source: 'upload', distanceMeters: 9_710, startDate: at(-120) }, upload)).toBe(true);
  });

  it('is another run when it starts more than two minutes apart or its distance differs by more than 3 %', () => {
    expect(isSameRun({ source: 'strava', distanceMeters: 10_000, startDate: at(121) }, upload)).toBe(false);
    expect(isSameRun({ source: 'upload', distanceMeters: 10_320, startDate: start }, upload)).toBe(false);
    expect(isSameRun({ source: 'upload', distanceMeters: 9_600, startDate: start }, upload)).toBe(false);
  });

  it('matches a run entered by hand on its day by distance alone (it has no start time)', () => {
    expect(isSameRun({ source: 'manual', distanceMeters: 10_100, startDate: at(5 * 3600) }, upload)).toBe(true);
    expect(isSameRun({ source: 'manual', distanceMeters: 5_000, startDate: at(5 * 3600) }, upload)).toBe(false);
  });

  it('names the nearest matching run', () => {
    const found = findSameRun(
      [
        { source: 'manual', distanceMeters: 10_000, startDate: at(5 * 3600) },
        { source: 'strava', distanceMeters: 10_050, startDate: at(30) },
        { source: 'upload', distanceMeters: 20_000, startDate: at(0) },
      ],
      upload,
    );
    expect(found?.source).toBe('strava');
    expect(findSameRun([], upload)).toBeUndefined();
  });
});
