import { Injectable } from '@nestjs/common';
import {
  PROFILES_EVENTS,
  RUNNER_PROFILE_NOT_FOUND,
  SLUG_TAKEN_MESSAGE,
  deriveCharityLink,
  platformProblem,
  urlSlugSchema,
  type CreateProfileRequest,
  type Profile,
  type ProfileSummary,
  type PublicProfileView,
  type SlugAvailability,
  type UpdateProfileRequest,
} from '@runpledge/contracts';
import { DomainEvents, ServiceException } from '@runpledge/server-kit';
import { ProfileCacheNotifier } from '../profile-cache/profile-cache.notifier.js';
import { FundraisingChallengesRepository } from './fundraising-challenges.repository.js';
import { ownedOrThrow } from './profile-ownership.util.js';
import { RunnerProfilesRepository, type RunnerProfileChanges } from './runner-profiles.repository.js';
import { cacheKeyOf, toProfile, toPublicView, toSummary } from './to-profile.util.js';

/** numeric columns take decimal strings; a cleared amount is 0. */
const decimal = (value: number | null | undefined): string | undefined =>
  value === undefined ? undefined : String(value ?? 0);

@Injectable()
export class RunnerProfilesService {
  constructor(
    private readonly profiles: RunnerProfilesRepository,
    private readonly challenges: FundraisingChallengesRepository,
    private readonly events: DomainEvents,
    private readonly cache: ProfileCacheNotifier,
  ) {}

  /** The caller owns the new page; its challenges keep the order they came in. */
  async create(userId: string, request: CreateProfileRequest): Promise<Profile> {
    const { challenges, ...fields } = request;
    const created = await this.events.transaction(async (manager) => {
      const profile = await this.profiles.insertIfSlugFree(manager, {
        userId,
        urlSlug: fields.urlSlug,
        name: fields.name,
        marathonName: fields.marathonName,
        marathonDate: fields.marathonDate,
        goalHours: fields.goalHours,
        goalMinutes: fields.goalMinutes,
        description: fields.description,
        connectStrava: fields.connectStrava,
        donationPlatform: fields.donationPlatform,
        charityLink: deriveCharityLink(fields),
        donorDriveEventUrl: fields.donorDriveEventUrl ?? null,
        donorDriveParticipantId: fields.donorDriveParticipantId ?? null,
        justGivingPageShortName: fields.justGivingPageShortName ?? null,
        hakuDonationUrl: fields.hakuDonationUrl ?? null,
        fundsRaised: decimal(fields.fundsRaised) ?? '0',
        fundraisingGoal: decimal(fields.fundraisingGoal) ?? '0',
        totalDonors: fields.totalDonors ?? 0,
      });
      if (!profile) return null;
      const rows = await this.challenges.insertInOrder(manager, profile.id, challenges, 0);
      await this.events.record(manager, PROFILES_EVENTS.profileCreated, {
        profileId: profile.id,
        userId,
        urlSlug: profile.urlSlug,
      });
      return toProfile(profile, rows);
    });
    if (!created) throw ServiceException.conflict(SLUG_TAKEN_MESSAGE);
    return created;
  }

  async getBySlug(slug: string): Promise<PublicProfileView> {
    const profile = await this.profiles.findBySlugWithAccess(slug);
    if (!profile) throw ServiceException.notFound(RUNNER_PROFILE_NOT_FOUND);
    return toPublicView(profile, await this.challenges.listByProfileId(profile.id));
  }

  /** Changes what the owner sent; the platform rule holds for the result, its charity link re-derived. */
  async update(userId: string, profileId: string, request: UpdateProfileRequest): Promise<Profile> {
    return this.events.transaction(async (manager) => {
      const current = ownedOrThrow(await this.profiles.lockById(manager, profileId), userId);
      const changes = changesOf(request);
      const merged = { ...current, ...changes };
      const problem = platformProblem(merged);
      if (problem) throw ServiceException.badRequest(problem.message);
      const saved = await this.profiles.update(manager, profileId, {
        ...changes,
        charityLink: deriveCharityLink(merged),
      });
      this.cache.afterCommit(manager, [cacheKeyOf(current)]);
      return toProfile(saved, await this.challenges.listByProfileId(profileId, manager));
    });
  }

  async delete(userId: string, profileId: string): Promise<{ success: true }> {
    await this.events.transaction(async (manager) => {
      const profile = ownedOrThrow(await this.profiles.lockById(manager, profileId), userId);
      await this.profiles.delete(manager, profileId);
      await this.events.record(manager, PROFILES_EVENTS.profileDeleted, {
        profileId,
        userId,
        urlSlug: profile.urlSlug,
      });
      this.cache.afterCommit(manager, [cacheKeyOf(profile)]);
    });
    return { success: true };
  }

  async listOwn(userId: string): Promise<ProfileSummary[]> {
    return (await this.profiles.listByUserIdNewestFirst(userId)).map((page) => toSummary(page));
  }

  /** The slug of the caller's newest page; asking about anyone else is refused. */
  async latestSlug(userId: string, requestedUserId: string | undefined): Promise<{ slug: string }> {
    if (requestedUserId !== undefined && requestedUserId !== userId) throw ServiceException.forbidden();
    const slug = await this.profiles.findNewestSlugByUserId(userId);
    if (!slug) throw ServiceException.notFound(RUNNER_PROFILE_NOT_FOUND);
    return { slug };
  }

  /** For the sign-up form's live check: the slug rules first, then whether a page has it. */
  async slugAvailability(slug: string): Promise<SlugAvailability> {
    const parsed = urlSlugSchema.safeParse(slug);
    if (!parsed.success) return { slug, available: false, message: parsed.error.issues[0]?.message };
    if (await this.profiles.slugExists(slug)) return { slug, available: false, message: SLUG_TAKEN_MESSAGE };
    return { slug, available: true };
  }
}

/** The columns a PUT body changes; absent fields are left alone, null clears. */
function changesOf(request: UpdateProfileRequest): RunnerProfileChanges {
  const { fundsRaised, fundraisingGoal, totalDonors, ...fields } = request;
  const changes: RunnerProfileChanges = {
    ...fields,
    fundsRaised: decimal(fundsRaised),
    fundraisingGoal: decimal(fundraisingGoal),
    totalDonors: totalDonors === undefined ? undefined : (totalDonors ?? 0),
  };
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as RunnerProfileChanges;
}
