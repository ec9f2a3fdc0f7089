import { describe, expect, it } from '@jest/globals';
import type { OwnerAccessEntity } from '../owner-access/owner-access.entity.js';
import type { FundraisingChallengeEntity } from '../challenges/fundraising-challenge.entity.js';
import type { RunnerProfileEntity } from './runner-profile.entity.js';
import { isPublished, toPublicView } from './to-profile.util.js';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2027-01-15T12:00:00Z');

const profile = {
  id: '0b0e7a52-8a37-4d4c-9d0e-0f8f3e0a1a11',
  userId: '7c1f6b0e-4f0c-4f51-9d3f-0b7f8c0c2e22',
  urlSlug: 'jane',
  name: 'Jane',
  marathonName: 'Boston',
  marathonDate: '2027-04-19',
  goalHours: 3,
  goalMinutes: 30,
  charityLink: 'https://events.example.org/e1',
  description: 'Story',
  connectStrava: false,
  donationPlatform: 'donordrive',
  donorDriveEventUrl: 'https://events.example.org/e1',
  donorDriveParticipantId: '42',
  justGivingPageShortName: null,
  hakuDonationUrl: null,
  fundsRaised: '120.50',
  fundraisingGoal: '1000.00',
  totalDonors: 3,
  createdAt: new Date('2027-01-01T00:00:00Z'),
  updatedAt: new Date('2027-01-02T00:00:00Z'),
} as RunnerProfileEntity;

const access = (status: OwnerAccessEntity['status'], currentPeriodEnd: Date | null = null) =>
  ({ status, currentPeriodEnd }) as OwnerAccessEntity;

describe('toPublicView', () => {
  it('shapes the API profile with the donate link of spec 9 and the challenges as given', () => {
    const challenge = {
      id: 'c1',
      runnerProfileId: profile.id,
      amount: 25,
      description: 'Song',
      isExclusive: false,
      position: 0,
    } as FundraisingChallengeEntity;
    const view = toPublicView({ ...profile, ownerAccess: access('active') } as RunnerProfileEntity, [challenge], now);
    expect(view).toMatchObject({
      donationUrl: 'https://events.example.org/index.cfm?fuseaction=donorDrive.participant&participantID=42#donate',
      fundsRaised: '120.50',
      createdAt: '2027-01-01T00:00:00.000Z',
      fundraisingChallenges: [challenge],
      published: true,
    });
    expect(view).not.toHaveProperty('ownerAccess');
  });
});

describe('isPublished', () => {
  it('needs an access row: billing never speaking of the owner means unpublished', () => {
    expect(isPublished(null, now)).toBe(false);
    expect(isPublished(undefined, now)).toBe(false);
  });

  it('follows the shared access rule, past due included', () => {
    expect(isPublished(access('trialing'), now)).toBe(true);
    expect(isPublished(access('past_due', new Date(now.getTime() - 2 * DAY)), now)).toBe(true);
    expect(isPublished(access('past_due', new Date(now.getTime() - 10 * DAY)), now)).toBe(false);
    expect(isPublished(access('canceled'), now)).toBe(false);
  });
});
