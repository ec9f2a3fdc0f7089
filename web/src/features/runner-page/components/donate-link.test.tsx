import { describe, expect, it } from 'vitest';
import { sampleProfileView } from '../testing/sample-profile';
import { donationHref } from './donate-link';

describe('donation links per platform (spec 9)', () => {
  it('passes the amount to DonorDrive as donationAmount', () => {
    const profile = sampleProfileView({
      donationPlatform: 'donordrive',
      donorDriveEventUrl: 'https://www.extra-life.org/index.cfm?fuseaction=donorDrive.event&eventID=1',
      donorDriveParticipantId: '12345',
      donationUrl: 'https://www.extra-life.org/index.cfm?fuseaction=donorDrive.participant&participantID=12345#donate',
    });
    expect(donationHref(profile, 40)).toBe(
      'https://www.extra-life.org/index.cfm?fuseaction=donorDrive.participant&participantID=12345&donationAmount=40.00#donate',
    );
    expect(donationHref(profile)).toBe(profile.donationUrl);
  });

  it('passes the amount to JustGiving', () => {
    expect(donationHref(sampleProfileView(), 250)).toBe(
      'https://www.justgiving.com/fundraising/jane-runs?amount=250.00',
    );
  });

  it('opens Haku and other charity links without an amount', () => {
    const haku = sampleProfileView({
      donationPlatform: 'haku',
      hakuDonationUrl: 'https://haku.example/jane',
      donationUrl: 'https://haku.example/jane',
    });
    expect(donationHref(haku, 40)).toBe('https://haku.example/jane');
    const other = sampleProfileView({
      donationPlatform: 'other',
      charityLink: 'https://charity.example/give',
      donationUrl: 'https://charity.example/give',
    });
    expect(donationHref(other, 40)).toBe('https://charity.example/give');
  });

  it('has no link when the page has no donation details', () => {
    const none = sampleProfileView({ donationPlatform: 'other', charityLink: null, donationUrl: null });
    expect(donationHref(none, 10)).toBeNull();
  });
});
