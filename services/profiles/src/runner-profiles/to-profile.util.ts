import {
  addDays,
  buildDonationUrl,
  RACE_DAY_LIMITS,
  hasAccess,
  type Challenge,
  type Profile,
  type ProfileCacheInvalidation,
  type ProfileSummary,
  type PublicProfileView,
  type PROFILES_EVENTS,
} from '@runpledge/contracts';
import type { z } from 'zod';
import type { OwnerAccessEntity } from '../owner-access/owner-access.entity.js';
import type { FundraisingChallengeEntity } from '../challenges/fundraising-challenge.entity.js';
import type { RunnerProfileEntity } from './runner-profile.entity.js';

export function toChallenge(entity: FundraisingChallengeEntity): Challenge {
  return {
    id: entity.id,
    runnerProfileId: entity.runnerProfileId,
    amount: entity.amount,
    description: entity.description,
    isExclusive: entity.isExclusive,
    position: entity.position,
    claimedBy: entity.isExclusive ? (entity.claimedBy ?? null) : null,
    claimCount: entity.claimCount ?? 0,
  };
}

/** `profiles.totals.changed` for a page whose raised, donors, goal or currency just moved. */
export function toTotalsChanged(entity: RunnerProfileEntity): z.infer<typeof PROFILES_EVENTS.totalsChanged.schema> {
  return {
    profileId: entity.id,
    urlSlug: entity.urlSlug,
    fundsRaised: entity.fundsRaised,
    fundraisingGoal: entity.fundraisingGoal,
    totalDonors: entity.totalDonors,
    fundraisingCurrency: entity.fundraisingCurrency,
    totalsSource: entity.totalsSource,
    totalsVersion: entity.totalsVersion,
  };
}

type PageCard = z.infer<typeof PROFILES_EVENTS.cardChanged.schema>;

/** The page's card, as `profiles.profile.card-changed` tells it to lists of other pages. */
export function toPageCard(entity: RunnerProfileEntity): PageCard {
  return {
    profileId: entity.id,
    userId: entity.userId,
    urlSlug: entity.urlSlug,
    name: entity.name,
    marathonName: entity.marathonName,
    marathonDate: entity.marathonDate,
    platform: entity.donationPlatform,
    charityId: entity.charityId,
    eventId: entity.eventId,
    createdAt: entity.createdAt.toISOString(),
  };
}

/** Whether an edit changed what the card tells (so that it is told again). */
export function cardDiffers(a: RunnerProfileEntity, b: RunnerProfileEntity): boolean {
  const before = toPageCard(a);
  const after = toPageCard(b);
  return (Object.keys(after) as (keyof PageCard)[]).some((key) => before[key] !== after[key]);
}

/** The API's `profile`; `challenges` must already be in page order. */
export function toProfile(entity: RunnerProfileEntity, challenges: FundraisingChallengeEntity[]): Profile {
  return {
    id: entity.id,
    userId: entity.userId,
    urlSlug: entity.urlSlug,
    name: entity.name,
    marathonName: entity.marathonName,
    marathonDate: entity.marathonDate,
    goalHours: entity.goalHours,
    goalMinutes: entity.goalMinutes,
    charityLink: entity.charityLink,
    charityId: entity.charityId,
    charityName: entity.charityName,
    charitySlug: entity.charitySlug,
    description: entity.description,
    connectStrava: entity.connectStrava,
    donationPlatform: entity.donationPlatform,
    donorDriveEventUrl: entity.donorDriveEventUrl,
    donorDriveParticipantId: entity.donorDriveParticipantId,
    justGivingPageShortName: entity.justGivingPageShortName,
    hakuDonationUrl: entity.hakuDonationUrl,
    donationUrl: buildDonationUrl(entity),
    fundsRaised: entity.fundsRaised,
    fundraisingGoal: entity.fundraisingGoal,
    totalDonors: entity.totalDonors,
    fundraisingCurrency: entity.fundraisingCurrency,
    totalsSource: entity.totalsSource,
    totalsSyncedAt: entity.totalsSyncedAt?.toISOString() ?? null,
    distanceUnit: entity.distanceUnit,
    fundraisingChallenges: challenges.map(toChallenge),
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}

/** The last day the page says it is raising: the runner's choice, else 30 days after race day. */
export function raisingUntilOf(entity: Pick<RunnerProfileEntity, 'marathonDate' | 'raisingUntil'>): string {
  return entity.raisingUntil ?? addDays(entity.marathonDate, RACE_DAY_LIMITS.raisingDaysAfterRace);
}

/** Published while the owner has access; an owner billing never spoke of has none. */
export function isPublished(access: OwnerAccessEntity | null | undefined, now = new Date()): boolean {
  return access ? hasAccess(access.status, access.currentPeriodEnd, now) : false;
}

export function toPublicView(
  entity: RunnerProfileEntity,
  challenges: FundraisingChallengeEntity[],
  now = new Date(),
): PublicProfileView {
  return {
    ...toProfile(entity, challenges),
    published: isPublished(entity.ownerAccess, now),
    team: entity.team ?? null,
    event:
      entity.eventId && entity.eventSlug
        ? { slug: entity.eventSlug, name: entity.marathonName, date: entity.marathonDate }
        : null,
    raceResult: entity.raceResult ?? null,
    followerCount: entity.followerCount ?? 0,
    raisingUntil: raisingUntilOf(entity),
  };
}

/** A dashboard card: what the page is, whether visitors see it, and its fundraising progress. */
export function toSummary(entity: RunnerProfileEntity, now = new Date()): ProfileSummary {
  return {
    id: entity.id,
    name: entity.name,
    urlSlug: entity.urlSlug,
    marathonName: entity.marathonName,
    marathonDate: entity.marathonDate,
    description: entity.description,
    fundsRaised: entity.fundsRaised,
    fundraisingGoal: entity.fundraisingGoal,
    fundraisingCurrency: entity.fundraisingCurrency,
    published: isPublished(entity.ownerAccess, now),
  };
}

/** What gateways need to drop a cached page. */
export function cacheKeyOf(entity: Pick<RunnerProfileEntity, 'id' | 'urlSlug'>): ProfileCacheInvalidation {
  return { slug: entity.urlSlug, profileId: entity.id };
}
