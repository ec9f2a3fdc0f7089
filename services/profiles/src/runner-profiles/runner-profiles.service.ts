import { Injectable } from '@nestjs/common';
import {
  DEFAULT_DISTANCE_UNIT,
  PROFILES_EVENTS,
  RUNNER_PROFILE_NOT_FOUND,
  MAX_PAGES_PER_ACCOUNT,
  SLUG_TAKEN_MESSAGE,
  TOO_MANY_PAGES,
  deriveCharityLink,
  milestonesReached,
  platformProblem,
  raisingUntilProblem,
  totalsComeFromMessage,
  totalsSourceFor,
  urlSlugSchema,
  type CreateProfileRequest,
  type PageVisibility,
  type PageVisibilityQuery,
  type Profile,
  type ProfileSummary,
  type PublicProfileView,
  type SlugAvailability,
  type UpdateProfileRequest,
} from '@runpledge/contracts';
import { assertLiveAccount, DomainEvents, ServiceException } from '@runpledge/server-kit';
import { env } from '../config/env.js';
import { CharityDirectoryClient } from './charity-directory.client.js';
import { MilestonesRepository } from '../fundraising-totals/milestones.repository.js';
import { platformAddressProblem } from '../fundraising-totals/public-address.util.js';
import { TotalsQueue } from '../fundraising-totals/totals-queue.js';
import { ProfileCacheNotifier } from '../profile-cache/profile-cache.notifier.js';
import { FundraisingChallengesRepository } from '../challenges/fundraising-challenges.repository.js';
import { RaceEventsClient } from '../race-events/race-events.client.js';
import { ownedOrThrow } from './profile-ownership.util.js';
import {
  RunnerProfilesRepository,
  type RunnerProfileChanges,
  type RunnerProfileValues,
} from './runner-profiles.repository.js';
import {
  cacheKeyOf,
  cardDiffers,
  isPublished,
  toPageCard,
  toProfile,
  toPublicView,
  toSummary,
  toTotalsChanged,
} from './to-profile.util.js';

/**
 * The totals sync fetches a DonorDrive event URL's host: one inside our network (metadata, NATS,
 * Redis, private ranges) is refused when the page is saved, in every environment.
 */
function assertFetchableEventUrl(url: string | null | undefined): void {
  if (!url) return;
  const problem = platformAddressProblem(url, env.donorDrive.allowedHosts, env.PLATFORM_EMULATOR_ORIGINS);
  if (problem) throw ServiceException.badRequest(`The DonorDrive event URL ${problem}`);
}

/** What a page keeps of its event; the event's name and date replace the typed ones. */
type EventColumns = Pick<RunnerProfileValues, 'eventId' | 'eventSlug' | 'raceTimeZone'> &
  Partial<Pick<RunnerProfileValues, 'marathonName' | 'marathonDate'>>;

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
    private readonly totals: TotalsQueue,
    private readonly milestones: MilestonesRepository,
    private readonly charities: CharityDirectoryClient,
    private readonly raceEvents: RaceEventsClient,
  ) {}

  /**
   * The event a saved page runs: the one chosen from the directory (a 503 when the directory does
   * not answer), or the one its typed race makes (none while the directory is away: the typed race
   * stays). A race already run is refused for a new page.
   */
  private async eventColumnsFor(
    race: { eventId?: string | null; marathonName: string; marathonDate: string; timeZone?: string | undefined },
    forNewPage: boolean,
  ): Promise<EventColumns> {
    const resolved = race.eventId
      ? await this.raceEvents.resolveOrThrow({ eventId: race.eventId, forNewPage })
      : await this.raceEvents.resolve({
          name: race.marathonName,
          date: race.marathonDate,
          forNewPage,
          // A race new to the directory is run in the runner's own time zone until an operator says otherwise.
          ...(race.timeZone ? { timeZone: race.timeZone } : {}),
        });
    if (!resolved) return { eventId: null, eventSlug: null, raceTimeZone: null };
    const { event } = resolved;
    return {
      eventId: event.id,
      eventSlug: event.slug,
      raceTimeZone: event.timeZone,
      marathonName: event.name,
      marathonDate: event.date,
    };
  }

  /** The caller owns the new page (at most MAX_PAGES_PER_ACCOUNT); its challenges keep the order they came in. */
  async create(userId: string, request: CreateProfileRequest): Promise<Profile> {
    const { challenges, charityId: _charityId, charityName: _charityName, timeZone, ...fields } = request;
    const charity = await this.charityChoice(request);
    const totalsSource = totalsSourceFor(fields.donationPlatform, env.justGiving !== null);
    assertTotalsEditable(totalsSource, fields);
    assertFetchableEventUrl(fields.donorDriveEventUrl);
    const { eventId: chosenEventId, ...pageFields } = fields;
    const race = await this.eventColumnsFor({ ...pageFields, eventId: chosenEventId, timeZone }, true);
    const created = await this.events.transaction(async (manager) => {
      // A write that passed the gateway before the account's deletion must not outlive it; the lock
      // it takes on the user also orders two creations by one user, so the cap below holds.
      await assertLiveAccount(manager, userId);
      if ((await this.profiles.countByUserId(manager, userId)) >= MAX_PAGES_PER_ACCOUNT) {
        throw ServiceException.conflict(TOO_MANY_PAGES);
      }
      // Another page's former address still leads there.
      if (await this.profiles.slugExists(fields.urlSlug, manager)) return null;
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
        donorDriveDonateUrl: null,
        justGivingPageShortName: fields.justGivingPageShortName ?? null,
        hakuDonationUrl: fields.hakuDonationUrl ?? null,
        fundsRaised: decimal(fields.fundsRaised) ?? '0',
        fundraisingGoal: decimal(fields.fundraisingGoal) ?? '0',
        totalDonors: fields.totalDonors ?? 0,
        fundraisingCurrency: fields.fundraisingCurrency ?? 'USD',
        distanceUnit: fields.distanceUnit ?? DEFAULT_DISTANCE_UNIT,
        totalsSource,
        totalsSyncedAt: null,
        totalsEtag: null,
        goalSetByOwner: (fields.fundraisingGoal ?? 0) > 0,
        charityId: charity.charityId ?? null,
        charityName: charity.charityName ?? null,
        charitySlug: charity.charitySlug ?? null,
        ...race,
      });
      if (!profile) return null;
      const rows = await this.challenges.insertInOrder(manager, profile.id, challenges, 0);
      await this.events.record(manager, PROFILES_EVENTS.profileCreated, {
        profileId: profile.id,
        userId,
        urlSlug: profile.urlSlug,
      });
      await this.events.record(manager, PROFILES_EVENTS.cardChanged, toPageCard(profile));
      // Hand-typed totals are the page's from its creation (a platform's come with its first sync).
      if (profile.totalsSource === 'manual')
        await this.events.record(manager, PROFILES_EVENTS.totalsChanged, toTotalsChanged(profile));
      else await this.totals.recordSync(manager, profile.id, 'saved');
      return toProfile(profile, rows);
    });
    if (!created) throw ServiceException.conflict(SLUG_TAKEN_MESSAGE);
    this.totals.relay.kick();
    return created;
  }

  async getBySlug(slug: string): Promise<PublicProfileView> {
    const found = await this.profiles.findPublicPageBySlug(slug);
    if (!found) throw ServiceException.notFound(RUNNER_PROFILE_NOT_FOUND);
    return toPublicView(found.page, found.challenges);
  }

  /**
   * Whether `viewerUserId` may read the public data of a page (by id) or of a runner (by user id):
   * only a published page is public; its owner always sees it. Anything else is 404, as if absent.
   */
  async assertVisible(query: PageVisibilityQuery): Promise<PageVisibility> {
    const { profileId, userId, viewerUserId } = query;
    if (profileId === undefined && userId !== undefined && userId === viewerUserId) return { visible: true, userId };
    const page =
      profileId !== undefined
        ? await this.profiles.findByIdWithAccess(profileId)
        : await this.profiles.findAnyByUserIdWithAccess(userId!);
    if (!page || (userId !== undefined && page.userId !== userId))
      throw ServiceException.notFound(RUNNER_PROFILE_NOT_FOUND);
    if (page.userId !== viewerUserId && !isPublished(page.ownerAccess))
      throw ServiceException.notFound(RUNNER_PROFILE_NOT_FOUND);
    return { visible: true, userId: page.userId };
  }

  /**
   * Changes what the owner sent; the platform rule holds for the result, its charity link re-derived.
   * A new slug keeps the old one as a redirect (409 when another page has or had it).
   */
  async update(userId: string, profileId: string, request: UpdateProfileRequest): Promise<Profile> {
    assertFetchableEventUrl(request.donorDriveEventUrl);
    const charity = await this.charityChoice(request);
    const updated = await this.events.transaction(async (manager) => {
      const current = ownedOrThrow(await this.profiles.lockById(manager, profileId), userId);
      const { urlSlug: newSlug, charityId: _charityId, charityName: _charityName, timeZone, ...typedChanges } = request;
      // A typed name alone does not replace a listed charity's (leaving it is `charityId: null`).
      const fieldChanges =
        request.charityId === undefined && current.charityId !== null ? typedChanges : { ...typedChanges, ...charity };
      if (newSlug !== undefined && newSlug !== current.urlSlug) {
        const moved = await this.profiles
          .moveSlug(manager, profileId, current.urlSlug, newSlug)
          .catch((err: unknown) => (isUniqueViolation(err) ? false : Promise.reject(err)));
        if (!moved) throw ServiceException.conflict(SLUG_TAKEN_MESSAGE);
        this.cache.afterCommit(manager, [{ slug: newSlug, profileId }, ...moved.map((slug) => ({ slug, profileId }))]);
        await this.events.record(manager, PROFILES_EVENTS.slugChanged, { profileId, userId, urlSlug: newSlug });
      }
      const { eventId: chosenEventId, ...pageChanges } = fieldChanges;
      const changes: RunnerProfileChanges = changesOf(pageChanges);
      const raceChanged =
        chosenEventId !== undefined ||
        (changes.marathonName !== undefined && changes.marathonName !== current.marathonName) ||
        (changes.marathonDate !== undefined && changes.marathonDate !== current.marathonDate);
      if (raceChanged)
        Object.assign(
          changes,
          await this.eventColumnsFor(
            {
              eventId: chosenEventId,
              marathonName: changes.marathonName ?? current.marathonName,
              marathonDate: changes.marathonDate ?? current.marathonDate,
              timeZone,
            },
            false,
          ),
        );
      const merged = { ...current, ...changes };
      const problem = platformProblem(merged);
      if (problem) throw ServiceException.badRequest(problem.message);
      // The last day of raising holds for the race day it ends up with: a chosen day that a moved race
      // leaves outside race day to a year after goes back to the default.
      const raisingProblem = merged.raisingUntil ? raisingUntilProblem(merged.marathonDate, merged.raisingUntil) : null;
      if (raisingProblem && request.raisingUntil !== undefined) throw ServiceException.badRequest(raisingProblem);
      if (raisingProblem) changes.raisingUntil = null;
      const totalsSource = totalsSourceFor(merged.donationPlatform, env.justGiving !== null);
      assertTotalsEditable(totalsSource, request);
      const platformChanged =
        totalsSource !== current.totalsSource ||
        merged.donorDriveEventUrl !== current.donorDriveEventUrl ||
        merged.donorDriveParticipantId !== current.donorDriveParticipantId ||
        merged.justGivingPageShortName !== current.justGivingPageShortName;
      // Hand-typed totals moved: the next version, told as for a platform sync (teams keep sums of them).
      const totalsMoved =
        totalsSource === 'manual' &&
        ((changes.fundsRaised !== undefined && Number(changes.fundsRaised) !== Number(current.fundsRaised)) ||
          (changes.totalDonors !== undefined && changes.totalDonors !== current.totalDonors) ||
          (changes.fundraisingCurrency !== undefined && changes.fundraisingCurrency !== current.fundraisingCurrency));
      const saved = await this.profiles.update(manager, profileId, {
        ...changes,
        ...(totalsMoved ? { totalsVersion: current.totalsVersion + 1 } : {}),
        charityLink: deriveCharityLink(merged),
        totalsSource,
        // Another page on the platform: its ETag and sync time say nothing about the new one.
        ...(platformChanged ? { totalsEtag: null, totalsSyncedAt: null, donorDriveDonateUrl: null } : {}),
        ...(request.fundraisingGoal !== undefined ? { goalSetByOwner: true } : {}),
      });
      this.cache.afterCommit(manager, [cacheKeyOf(current)]);
      // Hand-typed totals or a new goal may reach a milestone: recorded with the edit, mailed by the worker.
      const reached =
        request.fundsRaised !== undefined || request.fundraisingGoal !== undefined
          ? milestonesReached(saved.fundsRaised, saved.fundraisingGoal)
          : [];
      await this.milestones.recordReached(manager, profileId, reached);
      if (totalsMoved) await this.events.record(manager, PROFILES_EVENTS.totalsChanged, toTotalsChanged(saved));
      if (cardDiffers(current, saved))
        await this.events.record(manager, PROFILES_EVENTS.cardChanged, toPageCard(saved));
      // Their jobs too, in this transaction: Redis being away (or this process dying) loses neither.
      if (reached.length > 0) await this.totals.recordMilestones(manager, profileId);
      if (totalsSource !== 'manual') await this.totals.recordSync(manager, profileId, 'saved');
      return { profile: toProfile(saved, await this.challenges.listByProfileId(profileId, manager)), reached };
    });
    this.totals.relay.kick();
    return updated.profile;
  }

  /**
   * The charity fields a create or edit sets: a listed charity (checked with community's directory)
   * with its name and address; `charityId: null` leaves it (one click) keeping a typed name if given;
   * a typed name alone names a charity not listed. Asked before any row is locked.
   */
  private async charityChoice(request: {
    charityId?: string | null;
    charityName?: string | null;
  }): Promise<Partial<Pick<RunnerProfileChanges, 'charityId' | 'charityName' | 'charitySlug'>>> {
    if (request.charityId) {
      const listed = await this.charities.listed(request.charityId);
      return { charityId: listed.id, charityName: listed.name, charitySlug: listed.slug };
    }
    const typed = request.charityName === undefined ? {} : { charityName: request.charityName || null };
    return request.charityId === null ? { charityId: null, charitySlug: null, ...typed } : typed;
  }

  async delete(userId: string, profileId: string): Promise<{ success: true }> {
    await this.events.transaction(async (manager) => {
      const profile = ownedOrThrow(await this.profiles.lockById(manager, profileId), userId);
      const addresses = await this.profiles.deleteHoldingAddresses(manager, profile);
      await this.events.record(manager, PROFILES_EVENTS.profileDeleted, {
        profileId,
        userId,
        urlSlug: profile.urlSlug,
      });
      this.cache.afterCommit(
        manager,
        addresses.map((slug) => ({ slug, profileId })),
      );
    });
    return { success: true };
  }

  /** The caller's page as the dashboard card shows it (owner's rule: 404 unknown, 403 not theirs). */
  async getOwnSummary(userId: string, profileId: string): Promise<ProfileSummary> {
    return toSummary(ownedOrThrow(await this.profiles.findByIdWithAccess(profileId), userId));
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

/** PostgreSQL's unique_violation: a concurrent writer took the slug first. */
function isUniqueViolation(err: unknown): boolean {
  const failure = err as { code?: unknown; driverError?: { code?: unknown } };
  return (failure.driverError?.code ?? failure.code) === '23505';
}

/** Raised and donors are the owner's to type only when no platform provides them (API.md). */
function assertTotalsEditable(
  source: ReturnType<typeof totalsSourceFor>,
  request: { fundsRaised?: number | null; totalDonors?: number | null; fundraisingCurrency?: string },
): void {
  if (source === 'manual') return;
  if (
    request.fundsRaised !== undefined ||
    request.totalDonors !== undefined ||
    request.fundraisingCurrency !== undefined
  )
    throw ServiceException.badRequest(totalsComeFromMessage(source));
}

/** The columns a PUT body changes; absent fields are left alone, null clears. */
function changesOf(
  request: Omit<UpdateProfileRequest, 'urlSlug' | 'charityId' | 'charityName' | 'eventId' | 'timeZone'> &
    Partial<Pick<RunnerProfileChanges, 'charityId' | 'charityName' | 'charitySlug'>>,
): RunnerProfileChanges {
  const { fundsRaised, fundraisingGoal, totalDonors, ...fields } = request;
  const changes: RunnerProfileChanges = {
    ...fields,
    fundsRaised: decimal(fundsRaised),
    fundraisingGoal: decimal(fundraisingGoal),
    totalDonors: totalDonors === undefined ? undefined : (totalDonors ?? 0),
  };
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as RunnerProfileChanges;
}
