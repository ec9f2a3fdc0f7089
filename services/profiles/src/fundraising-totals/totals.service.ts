import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, FUNDRAISING_LIMITS, RUNNER_PROFILE_NOT_FOUND, type DonationsPage } from '@runpledge/contracts';
import { LOGGER, ServiceException } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { ownedOrThrow } from '../runner-profiles/profile-ownership.util.js';
import { RunnerProfilesRepository } from '../runner-profiles/runner-profiles.repository.js';
import { isPublished } from '../runner-profiles/to-profile.util.js';
import { DonationsRepository } from './donations.repository.js';
import { TotalsQueue } from './totals-queue.js';

/** The request side of fundraising totals: the owner's refresh and the public donor wall. */
@Injectable()
export class TotalsService {
  constructor(
    private readonly profiles: RunnerProfilesRepository,
    private readonly donations: DonationsRepository,
    private readonly queue: TotalsQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async refresh(userId: string, profileId: string): Promise<{ queued: true }> {
    const page = ownedOrThrow(await this.profiles.findById(profileId), userId);
    if (page.totalsSource === 'manual') return { queued: true };
    try {
      await this.queue.syncPageWithin(profileId, 'refresh');
    } catch (err) {
      this.logger.warn({ err, profileId }, 'totals refresh not queued');
      throw new ServiceException(
        ErrorCode.ServiceUnavailable,
        'Totals cannot be refreshed right now. Please try again shortly.',
      );
    }
    return { queued: true };
  }

  /** Newest first; a page that is not published is not found, except by its owner. */
  async listDonations(profileId: string, page: number, userId?: string): Promise<DonationsPage> {
    const profile = await this.profiles.findByIdWithAccess(profileId);
    if (!profile || (!isPublished(profile.ownerAccess) && profile.userId !== userId))
      throw ServiceException.notFound(RUNNER_PROFILE_NOT_FOUND);
    const size = FUNDRAISING_LIMITS.donationsPageSize;
    const [rows, total] = await this.donations.listPage(profileId, page, size);
    return {
      donations: rows.map((d) => ({
        name: d.donorName,
        amount: d.amount,
        currency: d.currency,
        message: d.message,
        donatedAt: d.donatedAt.toISOString(),
      })),
      page,
      totalPages: Math.max(1, Math.ceil(total / size)),
    };
  }
}
