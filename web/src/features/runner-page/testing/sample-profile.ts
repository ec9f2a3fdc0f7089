import type { ProfileView } from '@runpledge/contracts';

/** A page as the API answers it: the runner's user id only in the owner's view, as the gateway sends it. */
export function sampleProfileView(overrides: Partial<ProfileView> = {}): ProfileView {
  const id = '0b6f2f9e-6a52-4c1e-9a57-3f1d2c4b5a60';
  return {
    id,
    ...(overrides.isOwner ? { userId: '5b4a3c1e-8f2d-4e6a-9b7c-0d1e2f3a4b5c' } : {}),
    urlSlug: 'jane-runs',
    name: 'Jane Doe',
    marathonName: 'Chicago Marathon',
    marathonDate: '2099-10-12',
    goalHours: 3,
    goalMinutes: 45,
    charityLink: 'https://www.justgiving.com/fundraising/jane-runs',
    description: 'Running for the children’s hospital.',
    connectStrava: false,
    donationPlatform: 'justgiving',
    donorDriveEventUrl: null,
    donorDriveParticipantId: null,
    justGivingPageShortName: 'jane-runs',
    hakuDonationUrl: null,
    donationUrl: 'https://www.justgiving.com/fundraising/jane-runs',
    fundsRaised: '250.00',
    fundraisingGoal: '1000.00',
    totalDonors: 7,
    fundraisingCurrency: 'USD',
    totalsSource: 'justgiving',
    totalsSyncedAt: null,
    fundraisingChallenges: [
      {
        id: '1c0e8b9a-1111-4c1e-9a57-3f1d2c4b5a61',
        runnerProfileId: id,
        amount: 250,
        description: 'Long run in a banana suit',
        isExclusive: true,
        position: 0,
        claimedBy: null,
        claimCount: 0,
      },
      {
        id: '1c0e8b9a-2222-4c1e-9a57-3f1d2c4b5a62',
        runnerProfileId: id,
        amount: 25,
        description: 'Pick a song for my race playlist',
        isExclusive: false,
        position: 1,
        claimedBy: null,
        claimCount: 0,
      },
    ],
    createdAt: '2026-01-02T03:04:05.000Z',
    updatedAt: '2026-01-02T03:04:05.000Z',
    isOwner: false,
    published: true,
    ...overrides,
  };
}
