import { describe, expect, it } from '@jest/globals';
import { metersToMiles, toTeam, type TeamRow } from './to-team.util.js';

const row: TeamRow = {
  id: '5f1d3c1e-8a51-4d53-9a4e-3f1f7f4a2b10',
  slug: 'kids-run-club',
  name: 'Kids Run Club',
  story: '',
  charityName: 'Kids Charity',
  charityId: null,
  charitySlug: null,
  marathonName: 'Chicago Marathon',
  marathonDate: '2027-10-10',
  currency: 'USD',
  goalAmount: '10000.00',
  joinRule: 'open',
  captainProfileId: 'a6f0c1de-0f5e-4d8b-8d0e-3b1f2c4d5e6f',
  inviteCode: 'code',
  raised: '100.00',
  donors: 2,
  meters: 0,
  memberCount: 1,
  captainName: 'Cara Captain',
  captainSlug: 'cara-runs',
  captainUserId: 'captain-user',
  captainPublished: true,
};

describe('to-team', () => {
  it('shows meters as miles with two decimals', () => {
    expect(metersToMiles(16093.44)).toBe(10);
    expect(metersToMiles(5000)).toBe(3.11);
    expect(metersToMiles(0)).toBe(0);
  });

  it('names the captain to everyone while their page is published', () => {
    expect(toTeam(row, undefined)).toMatchObject({ captain: { name: 'Cara Captain', pageSlug: 'cara-runs' } });
    expect(toTeam(row, 'captain-user').isCaptain).toBe(true);
  });

  it('leaves an unpublished captain out for everyone but the captain', () => {
    const unpublished = { ...row, captainPublished: false };
    expect(toTeam(unpublished, undefined)).toMatchObject({ captain: null, isCaptain: false });
    expect(toTeam(unpublished, 'another-user')).toMatchObject({ captain: null, isCaptain: false });
    expect(toTeam(unpublished, 'captain-user')).toMatchObject({
      captain: { name: 'Cara Captain', pageSlug: 'cara-runs' },
      isCaptain: true,
    });
  });
});
