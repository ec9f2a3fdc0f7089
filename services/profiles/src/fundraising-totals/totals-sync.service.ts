import { Inject, Injectable } from '@nestjs/common';
import { FUNDRAISING_LIMITS, PROFILES_EVENTS, milestonesReached } from '@runpledge/contracts';
import { DomainEvents, LOGGER, REDIS } from '@runpledge/server-kit';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { env } from '../config/env.js';
import { ProfileCacheNotifier } from '../profile-cache/profile-cache.notifier.js';
import type { RunnerProfileEntity } from '../runner-profiles/runner-profile.entity.js';
import { RunnerProfilesRepository, type RunnerProfileChanges } from '../runner-profiles/runner-profiles.repository.js';
import { cacheKeyOf, isPublished, toTotalsChanged } from '../runner-profiles/to-profile.util.js';
import { DonationsRepository } from './donations.repository.js';
import { MilestoneMailsService } from './milestone-mails.service.js';
import { MilestonesRepository } from './milestones.repository.js';
import { DonorDriveClient } from './donordrive.client.js';
import { HostSlots } from './host-slots.js';
import { sameSiteDonateUrl, uniqueDonations } from './map-platform.util.js';
import { JustGivingClient } from './justgiving.client.js';
import { PlatformError } from './platform.errors.js';
import type { PlatformRead } from './platform.types.js';
import type { SyncPageJob, SyncPageResult } from './totals-jobs.js';
import { TotalsQueue } from './totals-queue.js';

/** Not yet: the participant was read less than 15 s ago; try again in `waitMs`. */
export class TooSoonError extends Error {
  constructor(readonly waitMs: number) {
    super(`participant read less than ${env.TOTALS_MIN_INTERVAL_MS} ms ago`);
  }
}

/** The page's platform host has no free slot in this process; try again in `waitMs`. */
export class HostBusyError extends Error {
  constructor(
    readonly host: string,
    readonly waitMs: number,
  ) {
    super(`${host} already has ${env.TOTALS_PER_HOST_CONCURRENCY} reads in flight`);
  }
}

/**
 * Reads a page's totals from its platform and stores what changed. A platform that fails leaves
 * the last totals and their time in place; the job retries with back-off.
 */
@Injectable()
export class TotalsSyncService {
  private readonly hosts = new HostSlots(env.TOTALS_PER_HOST_CONCURRENCY);

  constructor(
    private readonly profiles: RunnerProfilesRepository,
    private readonly donations: DonationsRepository,
    private readonly milestones: MilestonesRepository,
    private readonly mails: MilestoneMailsService,
    private readonly donorDrive: DonorDriveClient,
    private readonly justGiving: JustGivingClient,
    private readonly events: DomainEvents,
    private readonly cache: ProfileCacheNotifier,
    private readonly queue: TotalsQueue,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** `signal` is the job's deadline: it ends the platform requests still running. */
  async syncPage({ profileId, reason }: SyncPageJob, signal?: AbortSignal): Promise<SyncPageResult> {
    const page = await this.profiles.findById(profileId);
    if (!page || page.totalsSource === 'manual') return { outcome: 'skipped', requests: 0 };
    const participant = this.participantKey(page);
    // Before the 15 s turn: a page that waits for its host must not use up its turn.
    const host = this.platformHost(page);
    const release = this.hosts.take(host);
    if (!release) throw new HostBusyError(host, env.TOTALS_HOST_BUSY_DELAY_MS);
    let read: PlatformRead;
    try {
      const waitMs = await this.takeTurn(participant);
      if (waitMs > 0) {
        // The scheduled pass has nothing to add to a read that just happened.
        if (reason === 'scheduled') return { outcome: 'too-soon', requests: 0 };
        throw new TooSoonError(waitMs);
      }
      read = await this.read(page, signal);
    } catch (err) {
      if (err instanceof TooSoonError || (err instanceof PlatformError && err.retryable)) throw err;
      this.logger.warn({ err, profileId }, 'totals not read; the page keeps its last totals');
      return { outcome: 'failed', requests: 1 };
    } finally {
      release();
    }
    const changed = await this.store(page.id, read);
    // Mails only while the page stands at a milestone: below 25 % there is nothing to announce.
    if (changed && milestonesReached(changed.fundsRaised, changed.fundraisingGoal).length > 0) {
      await this.mails.sendPending(changed);
    }
    return {
      outcome: changed ? 'changed' : 'unchanged',
      requests: read.requests,
      notModified: !read.changed,
    };
  }

  /** Mails what an owner's edit reached (the rows were recorded with the edit). */
  async sendMilestones(profileId: string): Promise<number[]> {
    const page = await this.profiles.findById(profileId);
    return page ? this.mails.sendPending(page) : [];
  }

  /** The scheduled pass: every published page with platform totals, spread over the interval. */
  async scheduleAll(): Promise<number> {
    const now = new Date();
    const pages = (await this.profiles.listSyncedWithAccess()).filter((p) => isPublished(p.ownerAccess, now));
    const spreadMs = env.TOTALS_SYNC_EVERY_SECONDS * 1000;
    await this.queue.syncPages(
      pages.map((p, i) => ({ profileId: p.id, delayMs: Math.floor((i * spreadMs) / Math.max(1, pages.length)) })),
    );
    return pages.length;
  }

  private platformHost(page: RunnerProfileEntity): string {
    return page.totalsSource === 'donordrive' ? this.donorDrive.host(page) : this.justGiving.host;
  }

  private participantKey(page: RunnerProfileEntity): string {
    return page.totalsSource === 'donordrive'
      ? this.donorDrive.participantKey(page)
      : this.justGiving.participantKey(page.justGivingPageShortName ?? '');
  }

  /** 0 when this worker may ask now (and the next 15 s are taken), else the ms to wait. Shared by every worker. */
  private async takeTurn(participant: string): Promise<number> {
    const key = `${env.REDIS_PREFIX}totals:turn:${participant}`;
    const taken = await this.redis.set(key, '1', 'PX', env.TOTALS_MIN_INTERVAL_MS, 'NX');
    if (taken === 'OK') return 0;
    const ttl = await this.redis.pttl(key);
    return ttl > 0 ? ttl : 1;
  }

  private read(page: RunnerProfileEntity, signal?: AbortSignal): Promise<PlatformRead> {
    if (page.totalsSource === 'donordrive')
      return this.donorDrive.read(page, page.totalsEtag, page.fundraisingCurrency, signal);
    return this.justGiving.read(page.justGivingPageShortName ?? '', page.totalsEtag, signal);
  }

  /**
   * Stores the read; returns the page when its totals changed (for the milestone mails), else null.
   * Most reads are 304s: those are one statement. A change is one transaction of the fewest round
   * trips: lock, update, donations (and their trim) only when there are some, outbox, milestones.
   */
  private async store(profileId: string, read: PlatformRead): Promise<RunnerProfileEntity | null> {
    if (!read.changed) {
      await this.profiles.recordTotalsUnchanged(profileId, read.etag, new Date());
      return null;
    }
    return this.events.transaction(async (manager) => {
      const current = await this.profiles.lockById(manager, profileId);
      if (!current || current.totalsSource === 'manual') return null;
      const syncedAt = new Date();
      const { totals } = read;
      const changes: RunnerProfileChanges = {
        fundsRaised: totals.raised,
        totalDonors: totals.donors,
        totalsSyncedAt: syncedAt,
        totalsEtag: read.etag,
        // Row locked: each change of the page gets the next version (readers of totalsChanged order by it).
        totalsVersion: current.totalsVersion + 1,
      };
      if (totals.currency) changes.fundraisingCurrency = totals.currency;
      if (current.totalsSource === 'donordrive')
        changes.donorDriveDonateUrl = sameSiteDonateUrl(totals.donateUrl, current.donorDriveEventUrl);
      if (totals.goal && !current.goalSetByOwner) changes.fundraisingGoal = totals.goal;
      await this.profiles.updateLocked(manager, profileId, changes);
      // The row is locked and the changes are as PostgreSQL stores them (decimal strings with two
      // places, ISO codes): no need to read it back.
      const saved: RunnerProfileEntity = { ...current, ...changes };
      if (read.donations.length > 0) {
        // One id twice in an upsert fails it whole ("cannot affect row a second time").
        await this.donations.upsertMany(manager, profileId, uniqueDonations(read.donations));
        await this.donations.trim(manager, profileId, FUNDRAISING_LIMITS.donationsKept);
      }
      const moved =
        Number(saved.fundsRaised) !== Number(current.fundsRaised) ||
        Number(saved.fundraisingGoal) !== Number(current.fundraisingGoal) ||
        saved.totalDonors !== current.totalDonors ||
        saved.fundraisingCurrency !== current.fundraisingCurrency ||
        read.donations.length > 0;
      // The time of the sync shows on the page ("updated 5 minutes ago") whatever moved.
      this.cache.afterCommit(manager, [cacheKeyOf(saved)]);
      if (!moved) return null;
      await this.events.record(manager, PROFILES_EVENTS.totalsChanged, toTotalsChanged(saved));
      await this.milestones.recordReached(
        manager,
        profileId,
        milestonesReached(saved.fundsRaised, saved.fundraisingGoal),
      );
      return saved;
    });
  }
}
