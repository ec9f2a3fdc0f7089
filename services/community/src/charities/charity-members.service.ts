import { Injectable } from '@nestjs/common';
import { hasAccess } from '@runpledge/contracts';
import type { EntityManager } from 'typeorm';
import { StandingsService } from '../standings/standings.service.js';
import { CharityRunnersRepository } from './charity-runners.repository.js';
import { CharityStaffRepository } from './charity-staff.repository.js';
import { CharitiesRepository } from './charities.repository.js';

/**
 * The pages naming a charity are the members of its standing (kind `charity`): a page's card says
 * which charity it names, and the page moves between charities' sums as the card changes.
 */
@Injectable()
export class CharityMembersService {
  constructor(
    private readonly charities: CharitiesRepository,
    private readonly runners: CharityRunnersRepository,
    private readonly staff: CharityStaffRepository,
    private readonly standings: StandingsService,
  ) {}

  /**
   * The page now names `charityId` (or none): it leaves the charity it named and joins the new one with
   * what it adds today (its copy's totals, the runner's distance, the owner's access). A charity that
   * does not exist is named by no one.
   */
  async pageNamesCharity(manager: EntityManager, profileId: string, charityId: string | null): Promise<void> {
    const named = await this.runners.charityOfPage(manager, profileId);
    if (named?.charityId === charityId) return;
    if (named) await this.standings.leave(manager, 'charity', profileId);
    if (!charityId || !(await this.charities.findById(manager, charityId))) return;
    const page = await this.runners.snapshotOfPage(manager, profileId);
    if (!page) return;
    await this.standings.join(
      manager,
      { kind: 'charity', id: charityId },
      {
        profileId,
        userId: page.userId,
        status: 'member',
        joinedAt: new Date(),
        published: page.status !== null && hasAccess(page.status, page.currentPeriodEnd),
        raised: page.raised,
        donors: page.donors,
        currency: page.currency,
        totalsVersion: page.totalsVersion,
        meters: page.meters,
        distanceVersion: page.distanceVersion,
      },
    );
  }

  /** A deleted account leaves every charity's staff. */
  async accountDeleted(manager: EntityManager, userId: string): Promise<void> {
    await this.staff.forgetUser(manager, userId);
  }
}
