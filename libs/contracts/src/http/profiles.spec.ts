import { describe, expect, it } from '@jest/globals';
import { buildDonationUrl, deriveCharityLink } from '../product/donation-links.js';
import { challengeInputSchema } from './challenges.js';
import { createProfileRequestSchema, updateProfileRequestSchema, urlSlugSchema } from './profiles.js';

const base = {
  urlSlug: 'jane-runs',
  name: 'Jane Doe',
  marathonName: 'Chicago Marathon',
  marathonDate: '2027-10-10',
  goalHours: 3,
  goalMinutes: 45,
  description: 'Running for the kids.',
  donationPlatform: 'other',
  charityLink: 'https://charity.example.org/donate',
};

describe('createProfileRequestSchema', () => {
  it('accepts the snake_case saved sign-up form data as well as camelCase', () => {
    const parsed = createProfileRequestSchema.parse({
      url_slug: 'jane-runs',
      name: 'Jane Doe',
      marathon_name: 'Chicago Marathon',
      marathon_date: '2027-10-10',
      goal_hours: '3',
      goal_minutes: 'abc',
      donation_platform: 'haku',
      hakuFundraisingPage: 'https://haku.example.com/jane',
      description: 'Story',
      challenges: [{ amount: '250', description: 'Banana suit long run', isExclusive: true }],
    });
    expect(parsed).toMatchObject({
      urlSlug: 'jane-runs',
      marathonName: 'Chicago Marathon',
      goalHours: 3,
      goalMinutes: 0,
      donationPlatform: 'haku',
      hakuDonationUrl: 'https://haku.example.com/jane',
      challenges: [{ amount: 250, description: 'Banana suit long run', isExclusive: true }],
    });
  });

  it.each([
    [{ donationPlatform: 'haku', charityLink: null }, 'Please enter your Haku fundraising page URL.'],
    [{ donationPlatform: 'donordrive', charityLink: null }, 'Please enter your DonorDrive event URL.'],
    [
      { donationPlatform: 'donordrive', donorDriveEventUrl: 'https://events.example.org/e1' },
      'Please enter your DonorDrive participant ID.',
    ],
    [{ donationPlatform: 'justgiving' }, 'Please enter your JustGiving page short name.'],
    [{ donationPlatform: 'other', charityLink: '' }, 'Please enter your charity donation page link.'],
    [{ donationPlatform: undefined }, 'Please select a donation platform.'],
    [{ marathonDate: '' }, 'Please select a marathon date.'],
    [{ goalHours: 24 }, 'Goal hours must be between 0 and 23'],
  ])('refuses %j with the spec message', (override, message) => {
    const result = createProfileRequestSchema.safeParse({ ...base, ...override });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('enforces the challenge limits', () => {
    const tooMuch = createProfileRequestSchema.safeParse({
      ...base,
      challenges: [{ amount: 10000.01, description: 'x' }],
    });
    expect(tooMuch.error?.issues[0]?.message).toBe('The amount must be between 0 and 10000');
    const decimals = createProfileRequestSchema.safeParse({
      ...base,
      challenges: [{ amount: 1.005, description: 'x' }],
    });
    expect(decimals.error?.issues[0]?.message).toBe('The amount can have at most 2 decimals');
    const long = createProfileRequestSchema.safeParse({
      ...base,
      challenges: [{ amount: 5, description: 'x'.repeat(501) }],
    });
    expect(long.error?.issues[0]?.message).toBe('The description can be at most 500 characters');
  });
});

describe('updateProfileRequestSchema', () => {
  it('leaves absent fields absent, so a story edit changes nothing else', () => {
    expect(updateProfileRequestSchema.parse({ description: 'New story' })).toEqual({ description: 'New story' });
  });

  it("refuses an empty story with the story dialog's words", () => {
    expect(updateProfileRequestSchema.safeParse({ description: ' ' }).error?.issues[0]?.message).toBe(
      'Story cannot be empty',
    );
  });

  it('refuses a link no browser could open', () => {
    expect(updateProfileRequestSchema.safeParse({ charityLink: 'https://%%%' }).success).toBe(false);
  });
});

describe('challengeInputSchema', () => {
  it('takes an empty amount as missing, not as 0', () => {
    for (const amount of ['', null, undefined]) {
      expect(challengeInputSchema.safeParse({ amount, description: 'x' }).error?.issues[0]?.message).toBe(
        'Please fill in all fields',
      );
    }
    expect(challengeInputSchema.parse({ amount: '0', description: 'x' }).amount).toBe(0);
  });
});

describe('urlSlugSchema', () => {
  it('refuses reserved routes, capitals and over-long slugs', () => {
    expect(urlSlugSchema.safeParse('dashboard').success).toBe(false);
    expect(urlSlugSchema.safeParse('test-anything').success).toBe(false);
    expect(urlSlugSchema.safeParse('Jane').success).toBe(false);
    expect(urlSlugSchema.safeParse('a'.repeat(51)).success).toBe(false);
    expect(urlSlugSchema.safeParse('jane-doe-2027').success).toBe(true);
  });
});

describe('donation links (spec 9)', () => {
  it('builds the DonorDrive participant donate link with an optional amount', () => {
    const fields = {
      donationPlatform: 'donordrive' as const,
      donorDriveEventUrl: 'https://www.extra-life.org/index.cfm?fuseaction=donorDrive.event&eventID=1',
      donorDriveParticipantId: '12345',
    };
    expect(buildDonationUrl(fields)).toBe(
      'https://www.extra-life.org/index.cfm?fuseaction=donorDrive.participant&participantID=12345#donate',
    );
    expect(buildDonationUrl(fields, 25)).toBe(
      'https://www.extra-life.org/index.cfm?fuseaction=donorDrive.participant&participantID=12345&donationAmount=25.00#donate',
    );
  });

  it("uses DonorDrive's own donate address for the participant when the sync has one, with the amount", () => {
    const fields = {
      donationPlatform: 'donordrive' as const,
      donorDriveEventUrl: 'https://events.example.org/donordrive/index.cfm?fuseaction=donorDrive.event&eventID=1',
      donorDriveParticipantId: '4025',
      donorDriveDonateUrl:
        'https://events.example.org/donordrive/index.cfm?fuseaction=donorDrive.participant&participantID=4025#donate',
    };
    expect(buildDonationUrl(fields)).toBe(fields.donorDriveDonateUrl);
    expect(buildDonationUrl(fields, 25)).toBe(
      'https://events.example.org/donordrive/index.cfm?fuseaction=donorDrive.participant&participantID=4025&donationAmount=25.00#donate',
    );
  });

  it('builds the JustGiving page from the short name, with the amount when given', () => {
    const fields = { donationPlatform: 'justgiving' as const, justGivingPageShortName: 'jane-runs' };
    expect(deriveCharityLink(fields)).toBe('https://www.justgiving.com/fundraising/jane-runs');
    expect(buildDonationUrl(fields, 250)).toBe('https://www.justgiving.com/fundraising/jane-runs?amount=250.00');
  });

  it('opens Haku and other charity links as they are', () => {
    expect(buildDonationUrl({ donationPlatform: 'haku', hakuDonationUrl: 'https://haku.example/j' }, 40)).toBe(
      'https://haku.example/j',
    );
    expect(buildDonationUrl({ donationPlatform: 'other', charityLink: 'https://c.example/d' })).toBe(
      'https://c.example/d',
    );
  });
});
