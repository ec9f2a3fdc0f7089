import { describe, expect, it } from '@jest/globals';
import {
  mapDonorDriveDonation,
  mapDonorDriveParticipant,
  mapJustGivingDonation,
  mapJustGivingPage,
  parsePlatformDate,
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
