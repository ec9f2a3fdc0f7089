import type { Charity, PublicProfileView, RaceEvent, Team } from '@runpledge/contracts';

/** A published runner page as profiles answers it; `overrides` replace any field. */
export function publishedView(overrides: Partial<PublicProfileView> = {}): PublicProfileView {
  return {
    id: '7b0e4d4c-1d6f-4c8e-9a51-6f1b1c2d3e4f',
    userId: '0f3c7a52-2b7e-4f1d-8c1e-5a6b7c8d9e0f',
    urlSlug: 'jane-runs',
    name: 'Jane Runner',
    marathonName: 'Chicago Marathon',
    marathonDate: '2026-10-11',
    goalHours: 3,
    goalMinutes: 45,
    charityLink: null,
    description: 'Running for the children’s hospital that looked after my son.',
    connectStrava: false,
    donationPlatform: 'justgiving',
    donorDriveEventUrl: null,
    donorDriveParticipantId: null,
    justGivingPageShortName: 'jane-runs',
    hakuDonationUrl: null,
    donationUrl: 'https://www.justgiving.com/jane-runs',
    fundsRaised: '1250.00',
    fundraisingGoal: '5000.00',
    totalDonors: 18,
    fundraisingCurrency: 'USD',
    totalsSource: 'manual',
    totalsSyncedAt: null,
    distanceUnit: 'mi',
    fundraisingChallenges: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    published: true,
    team: null,
    event: null,
    raceResult: null,
    followerCount: 0,
    raisingUntil: '2027-05-25',
    ...overrides,
  };
}

/** A team as profiles answers it on its public page; `overrides` replace any field. */
export function publicTeam(overrides: Partial<Team> = {}): Team {
  return {
    id: '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    slug: 'sick-kids-chicago',
    name: 'Sick Kids Runners',
    story: 'Forty of us run Chicago for the children’s hospital.',
    charityName: 'Children’s Hospital',
    marathonName: 'Chicago Marathon',
    marathonDate: '2026-10-11',
    currency: 'USD',
    goalAmount: '50000.00',
    raised: '12500.00',
    donors: 140,
    miles: 812.5,
    memberCount: 12,
    joinRule: 'open',
    captain: { name: 'Jane Runner', pageSlug: 'jane-runs' },
    isCaptain: false,
    ...overrides,
  };
}

/** A charity as community answers it on its public page to a visitor; `overrides` replace any field. */
export function publicCharity(overrides: Partial<Charity> = {}): Charity {
  return {
    id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    slug: 'sick-kids',
    name: 'Children’s Hospital',
    website: 'https://sickkids.example.org',
    registeredNumber: '1234567',
    country: 'GB',
    mission: 'Every child gets the care they need, close to home.',
    verified: true,
    totals: [{ currency: 'GBP', raised: '1500.00', donors: 30 }],
    runnerCount: 12,
    teamCount: 2,
    miles: 840.5,
    isStaff: false,
    ...overrides,
  };
}

/** An event as community answers it on its public page; `overrides` replace any field. */
export function publicEvent(overrides: Partial<RaceEvent> = {}): RaceEvent {
  return {
    id: '4a0e2b7c-1d3f-4e5a-9b6c-7d8e9f0a1b2c',
    slug: 'tcs-london-marathon-2099',
    name: 'TCS London Marathon',
    city: 'London',
    country: 'GB',
    date: '2099-04-26',
    timeZone: 'Europe/London',
    totals: [{ currency: 'GBP', raised: '1500.00', donors: 30 }],
    runnerCount: 2,
    teamCount: 0,
    miles: 321.5,
    verified: true,
    ...overrides,
  };
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const bytes = Buffer.from(png);
  if (!bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    throw new Error('not a PNG');
  }
  if (bytes.subarray(12, 16).toString('latin1') !== 'IHDR') throw new Error('no IHDR first');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
