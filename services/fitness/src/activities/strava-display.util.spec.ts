import { describe, expect, it } from '@jest/globals';
import { mayShowStravaData } from './strava-display.util.js';

const owner = '0b0e4c2e-6f5e-4b83-9a55-4a1f0a2b7c11';
const visitor = '5c2d8f0a-3b7e-4d11-8c6a-2e9f1b3d4a55';

describe('mayShowStravaData', () => {
  it('always shows the runner their own Strava data', () => {
    expect(mayShowStravaData({ ownerUserId: owner, viewerUserId: owner, consent: false, mode: 'owner' })).toBe(true);
  });

  it('shows visitors Strava data only after the runner consented', () => {
    expect(mayShowStravaData({ ownerUserId: owner, consent: false, mode: 'consent' })).toBe(false);
    expect(mayShowStravaData({ ownerUserId: owner, viewerUserId: visitor, consent: true, mode: 'consent' })).toBe(true);
  });

  it('keeps Strava data to its owner when the deployment says so, consent or not', () => {
    expect(mayShowStravaData({ ownerUserId: owner, viewerUserId: visitor, consent: true, mode: 'owner' })).toBe(false);
  });
});
