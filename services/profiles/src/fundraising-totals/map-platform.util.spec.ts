import { describe, expect, it } from '@jest/globals';
import { FUNDRAISING_LIMITS } from '@runpledge/contracts';
import {
  mapDonorDriveDonation,
  mapDonorDriveParticipant,
  mapJustGivingDonation,
  mapJustGivingPage,
  parsePlatformDate,
  uniqueDonations,
} from './map-platform.util.js';

describe('mapping the platforms at the boundary', () => {
  it('reads a DonorDrive participant', () => {
    expect(
      mapDonorDriveParticipant({ sumDonations: 125.5, fundraisingGoal: 1000, numDonations: 4, sumPledges: 0 }),
    ).toEqual({
      raised: '125.50',
      goal: '1000.00',
      donors: 4,
      currency: null,
    });
    expect(mapDonorDriveParticipant({ sumDonations: 0, fundraisingGoal: 0, numDonations: 0 }).goal).toBeNull();
  });

  it('keeps an anonymous DonorDrive donor nameless and a hidden amount hidden', () => {
    expect(
      mapDonorDriveDonation(
        { donationID: 'A1', createdDateUTC: '2026-11-24T10:00:00.000+0000', message: 'Go!' },
        'USD',
      ),
    ).toEqual({
      externalId: 'A1',
      name: null,
      amount: null,
      currency: 'USD',
      message: 'Go!',
      donatedAt: new Date('2026-11-24T10:00:00.000Z'),
    });
  });

  it('reads a JustGiving page in its own currency', () => {
    expect(
      mapJustGivingPage(
        { fundraisingTarget: '500.00', grandTotalRaisedExcludingGiftAid: '125.00', currencyCode: 'GBP', pageId: '7' },
        3,
      ),
    ).toEqual({ raised: '125.00', goal: '500.00', donors: 3, currency: 'GBP' });
  });

  it('reads JustGiving donations with their /Date()/ dates and "Anonymous" donors', () => {
    expect(
      mapJustGivingDonation(
        { id: 9, donorDisplayName: 'Anonymous', amount: '10.00', donationDate: '/Date(1764000000000+0000)/' },
        'GBP',
      ),
    ).toMatchObject({
      externalId: '9',
      name: null,
      amount: '10.00',
      currency: 'GBP',
      donatedAt: new Date(1764000000000),
    });
    expect(parsePlatformDate('nonsense')).toBeUndefined();
  });
});

describe('platform numbers beyond the contract', () => {
  it("clamps amounts and counts to the contract's limits", () => {
    expect(mapDonorDriveParticipant({ sumDonations: 1e15, fundraisingGoal: '1e15', numDonations: 1e12 })).toEqual({
      raised: FUNDRAISING_LIMITS.raisedMax.toFixed(2),
      goal: FUNDRAISING_LIMITS.goalMax.toFixed(2),
      donors: FUNDRAISING_LIMITS.donorsMax,
      currency: null,
    });
    expect(mapJustGivingPage({ grandTotalRaisedExcludingGiftAid: '9e99' }, 1e12)).toMatchObject({
      raised: FUNDRAISING_LIMITS.raisedMax.toFixed(2),
      donors: FUNDRAISING_LIMITS.donorsMax,
    });
    expect(
      mapDonorDriveDonation({ donationID: 1, amount: 1e13, createdDateUTC: '2026-11-24T10:00:00.000+0000' }, 'USD')
        ?.amount,
    ).toBe(FUNDRAISING_LIMITS.raisedMax.toFixed(2));
  });

  it('keeps each donation id once, the first seen', () => {
    const at = new Date('2026-11-24T10:00:00Z');
    const d = (externalId: string, message: string) => ({
      externalId,
      name: null,
      amount: '1.00',
      currency: 'USD',
      message,
      donatedAt: at,
    });
    expect(uniqueDonations([d('1', 'a'), d('2', 'b'), d('1', 'c')]).map((x) => x.message)).toEqual(['a', 'b']);
  });
});
