import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  ErrorCode,
  RACE_DAY_LIMITS,
  RACE_DAY_MESSAGES,
  RUNNER_PROFILE_NOT_FOUND,
  type FollowRequest,
  type FollowResponse,
  type Profile,
  type SetRaceResultRequest,
  type ThankYouResponse,
} from '@runpledge/contracts';
import { DomainEvents, hashToken, inboxHash, ServiceException } from '@runpledge/server-kit';
import type { EntityManager } from 'typeorm';
import { FundraisingChallengesRepository } from '../challenges/fundraising-challenges.repository.js';
import { PledgesRepository } from '../pledges/pledges.repository.js';
import { PledgesService } from '../pledges/pledges.service.js';
import { RunLedgerConsumer, type RunsChanged } from '../pledges/run-ledger.consumer.js';
import { ProfileCacheNotifier } from '../profile-cache/profile-cache.notifier.js';
import { ownedOrThrow } from '../runner-profiles/profile-ownership.util.js';
import type { RunnerProfileEntity } from '../runner-profiles/runner-profile.entity.js';
import { cacheKeyOf, isPublished, toProfile } from '../runner-profiles/to-profile.util.js';
import { RaceDayJobsQueue } from './race-day-jobs.queue.js';
import { RaceDayRepository } from './race-day.repository.js';
import { finishFromRuns, finishStillTold, raceDayHasCome, raceDayOf } from './race-day.util.js';

const DAY_MS = 86_400_000;

/**
 * Race day on a page: the race result (the owner's, or a race-day run's of at least 40 km), the
 * supporters who follow the race (double opt-in, as pledges), and the runner's thank-you. A finish
 * makes the page's pledges fall due at once (the pledges' own "I've finished" path) and asks for the
 * followers' finish mail; every mail goes from the worker, claimed once per recipient.
 */
@Injectable()
export class RaceDayService implements OnModuleInit {
  private readonly now = () => new Date();

  constructor(
    private readonly events: DomainEvents,
    private readonly raceDay: RaceDayRepository,
    private readonly pledges: PledgesRepository,
    private readonly pledgesService: PledgesService,
    private readonly challenges: FundraisingChallengesRepository,
    private readonly runLedger: RunLedgerConsumer,
    private readonly cache: ProfileCacheNotifier,
    private readonly jobs: RaceDayJobsQueue,
  ) {}

  onModuleInit(): void {
    this.runLedger.alsoTell((manager, change) => this.finishFromRuns(manager, change));
  }

  /** The owner records, corrects or undoes the result, on or after race day. */
  setResult(runnerProfileId: string, userId: string, result: SetRaceResultRequest): Promise<Profile> {
    return this.events.transaction(async (manager) => {
      const page = ownedOrThrow((await this.pledges.findPage(manager, runnerProfileId))?.page ?? null, userId);
      if (!raceDayHasCome(raceDayOf(page), this.now()))
        throw ServiceException.badRequest(RACE_DAY_MESSAGES.beforeRaceDay);
      await this.raceDay.result(manager, runnerProfileId, true);
      await this.raceDay.setResult(manager, runnerProfileId, {
        status: result.status,
        finishSeconds: result.finishSeconds,
        source: result.status === 'finished' ? 'manual' : null,
      });
      if (result.status === 'finished') await this.finished(manager, page);
      this.cache.afterCommit(manager, [cacheKeyOf(page)]);
      return toProfile(page, await this.challenges.listByProfileId(runnerProfileId, manager));
    });
  }

  /**
   * fitness told a runner's runs changed: a run of at least 40 km on one of their pages' race day
   * (in the race's zone) records the finish with its elapsed time and source, once per page ever.
   */
  async finishFromRuns(manager: EntityManager, change: RunsChanged): Promise<void> {
    const long = change.days.filter((day) =>
      (day.runs ?? []).some((run) => run.distanceMeters >= RACE_DAY_LIMITS.finishMinMeters),
    );
    if (long.length === 0) return;
    const runs = long.flatMap((day) => day.runs ?? []);
    const pages = await this.raceDay.pagesAround(
      manager,
      change.userId,
      long.map((day) => day.date),
    );
    for (const page of pages) {
      const race = raceDayOf(page);
      if (!finishStillTold(race, this.now())) continue;
      const finish = finishFromRuns(runs, race);
      if (!finish || !(await this.raceDay.recordAutoFinish(manager, page.id, finish, this.now()))) continue;
      await this.finished(manager, page);
      this.cache.afterCommit(manager, [cacheKeyOf(page)]);
    }
  }

  /** A finish recorded: the pledges fall due now, and the followers' finish mail is asked for. */
  private async finished(manager: EntityManager, page: Pick<RunnerProfileEntity, 'id'>): Promise<void> {
    await this.pledgesService.fallDueNow(manager, page.id);
    await this.jobs.record(manager, { kind: 'finish', runnerProfileId: page.id });
  }

  /** A supporter follows the race of a published page; the confirmation goes from the worker. */
  follow(runnerProfileId: string, request: FollowRequest): Promise<FollowResponse> {
    return this.events.transaction(async (manager) => {
      const found = await this.pledges.findPage(manager, runnerProfileId);
      if (!found || !isPublished(found.page.ownerAccess)) throw ServiceException.notFound(RUNNER_PROFILE_NOT_FOUND);
      // The same answer whether the inbox already follows or not: nothing tells who follows whom.
      const row = await this.raceDay.follow(manager, runnerProfileId, {
        name: request.name,
        email: request.email,
        inboxHash: inboxHash(request.email),
      });
      if (row) await this.jobs.record(manager, { kind: 'follower-confirm', followerId: row.id });
      return { follower: { status: 'pending_confirmation' as const } };
    });
  }

  /** The confirmation link: single use, good for 48 hours; a follower confirmed after the finish still hears of it. */
  confirmFollower(token: string): Promise<{ success: true }> {
    return this.events.transaction(async (manager) => {
      const found = await this.raceDay.confirmFollower(
        manager,
        hashToken(token),
        this.now(),
        RACE_DAY_LIMITS.confirmationHours,
      );
      if (!found) throw ServiceException.badRequest(RACE_DAY_MESSAGES.confirmLinkInvalid);
      const result = await this.raceDay.result(manager, found.runnerProfileId);
      if (result?.status === 'finished')
        await this.jobs.record(manager, { kind: 'finish', runnerProfileId: found.runnerProfileId });
      this.cache.afterCommit(manager, [{ slug: found.urlSlug, profileId: found.runnerProfileId }]);
      return { success: true as const };
    });
  }

  /**
   * The runner's thank-you, on or after race day and at most once a week: to confirmed followers
   * (each hears it once) and to pledgers whose pledge stands (not removed, not cancelled).
   */
  thankYou(runnerProfileId: string, userId: string, message: string): Promise<ThankYouResponse> {
    return this.events.transaction(async (manager) => {
      const page = ownedOrThrow((await this.pledges.findPage(manager, runnerProfileId))?.page ?? null, userId);
      const now = this.now();
      if (!raceDayHasCome(raceDayOf(page), now))
        throw ServiceException.badRequest(RACE_DAY_MESSAGES.thankYouBeforeRaceDay);
      await this.raceDay.lockPage(manager, runnerProfileId);
      const last = await this.raceDay.lastThankYouAt(manager, runnerProfileId);
      if (last && now.getTime() - last.getTime() < RACE_DAY_LIMITS.thankYouEveryDays * DAY_MS)
        throw new ServiceException(ErrorCode.RateLimited, RACE_DAY_MESSAGES.thankYouTooSoon);
      const recipients =
        (await this.raceDay.countUnmailedFollowers(manager, runnerProfileId, 'thank-you')) +
        (await this.raceDay.thankablePledgers(runnerProfileId, manager)).length;
      const thankYouId = await this.raceDay.insertThankYou(manager, runnerProfileId, message, recipients, now);
      await this.jobs.record(manager, { kind: 'thank-you', thankYouId });
      return { recipients };
    });
  }
}
