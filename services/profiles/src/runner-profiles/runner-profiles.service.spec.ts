import { describe, expect, it, jest } from '@jest/globals';
import type { DomainEvents } from '@runpledge/server-kit';
import type { EntityManager } from 'typeorm';
import type { MilestonesRepository } from '../fundraising-totals/milestones.repository.js';
import type { TotalsQueue } from '../fundraising-totals/totals-queue.js';
import type { ProfileCacheNotifier } from '../profile-cache/profile-cache.notifier.js';
import type { FundraisingChallengesRepository } from '../challenges/fundraising-challenges.repository.js';
import type { RunnerProfileEntity } from './runner-profile.entity.js';
import type { RunnerProfileChanges, RunnerProfilesRepository } from './runner-profiles.repository.js';
import { RunnerProfilesService } from './runner-profiles.service.js';

const OWNER = '11111111-1111-4111-8111-111111111111';
const PAGE = '22222222-2222-4222-8222-222222222222';

function serviceWith(stored: RunnerProfileEntity | null) {
  const manager = {} as EntityManager;
  const written: RunnerProfileChanges[] = [];
  const profiles = {
    lockById: async () => stored,
    update: async (_m: EntityManager, _id: string, changes: RunnerProfileChanges) => {
      written.push(changes);
      return { ...stored, ...changes } as RunnerProfileEntity;
    },
  } as unknown as RunnerProfilesRepository;
  const challenges = { listByProfileId: async () => [] } as unknown as FundraisingChallengesRepository;
  const events = { transaction: (work: (m: EntityManager) => unknown) => work(manager) } as unknown as DomainEvents;
  const afterCommit = jest.fn();
  const cache = { afterCommit } as unknown as ProfileCacheNotifier;
  const recordSync = jest.fn(async () => 'job-id');
  const totals = { recordSync, recordMilestones: jest.fn(), relay: { kick: jest.fn() } } as unknown as TotalsQueue;
  return {
    service: new RunnerProfilesService(profiles, challenges, events, cache, totals, {
      recordReached: async () => undefined,
    } as unknown as MilestonesRepository),
    written,
    afterCommit,
    recordSync,
  };
}

const page = {
  id: PAGE,
  userId: OWNER,
  urlSlug: 'jane',
  name: 'Jane',
  marathonName: 'Boston',
  marathonDate: '2027-04-19',
  goalHours: 3,
  goalMinutes: 30,
  description: 'Story',
  connectStrava: true,
  donationPlatform: 'justgiving',
  charityLink: 'https://www.justgiving.com/fundraising/jane',
  justGivingPageShortName: 'jane',
  donorDriveEventUrl: null,
  donorDriveParticipantId: null,
  hakuDonationUrl: null,
  fundsRaised: '0.00',
  fundraisingGoal: '0.00',
  totalDonors: 0,
  totalsSource: 'justgiving',
  createdAt: new Date(),
  updatedAt: new Date(),
} as RunnerProfileEntity;

describe('RunnerProfilesService.update', () => {
  it('writes only what the owner sent, with the charity link re-derived, and announces the page', async () => {
    const { service, written, afterCommit, recordSync } = serviceWith(page);
    await service.update(OWNER, PAGE, { description: 'New story', justGivingPageShortName: 'jane-2027' });
    expect(written).toEqual([
      {
        description: 'New story',
        justGivingPageShortName: 'jane-2027',
        charityLink: 'https://www.justgiving.com/fundraising/jane-2027',
        totalsSource: 'justgiving',
        // Another JustGiving page: the old page's ETag and sync time no longer apply.
        totalsEtag: null,
        totalsSyncedAt: null,
        // Nor does the old platform's donate address.
        donorDriveDonateUrl: null,
      },
    ]);
    expect(afterCommit).toHaveBeenCalledWith(expect.anything(), [{ slug: 'jane', profileId: PAGE }]);
    expect(recordSync).toHaveBeenCalledWith(expect.anything(), PAGE, 'saved');
  });

  it('checks the platform rule on the page as it would become', async () => {
    const { service, written } = serviceWith(page);
    await expect(service.update(OWNER, PAGE, { donationPlatform: 'haku' })).rejects.toThrow(
      'Please enter your Haku fundraising page URL.',
    );
    await expect(service.update(OWNER, PAGE, { justGivingPageShortName: null })).rejects.toThrow(
      'Please enter your JustGiving page short name.',
    );
    expect(written).toEqual([]);
  });

  it('refuses anyone but the owner (403) and a missing page (404)', async () => {
    await expect(serviceWith(page).service.update(PAGE, PAGE, { description: 'x' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(serviceWith(null).service.update(OWNER, PAGE, { description: 'x' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Runner profile not found',
    });
  });
});
