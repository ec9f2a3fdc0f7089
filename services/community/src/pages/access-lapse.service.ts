import { Injectable } from '@nestjs/common';
import { PAST_DUE_GRACE_DAYS, hasAccess } from '@runpledge/contracts';
import { lockLiveAccount } from '@runpledge/server-kit';
import { DataSource } from 'typeorm';
import { StandingMembersRepository } from '../standings/standing-members.repository.js';
import { StandingsService } from '../standings/standings.service.js';
import { OwnerAccessRepository } from './owner-access.repository.js';

const DAY_MS = 86_400_000;
/** Owners looked at per pass; the next pass takes the rest. */
const SWEEP_LIMIT = 500;

/**
 * Billing says "past due" once; the owner's pages stop counting when the grace runs out, with no
 * event then. A pass finds the owners still counted after it and takes them out of their groups'
 * standings as billing's event would; it changes only what is out of step, under the owner's lock,
 * so two workers sweeping at once agree.
 */
@Injectable()
export class AccessLapseService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: OwnerAccessRepository,
    private readonly members: StandingMembersRepository,
    private readonly standings: StandingsService,
  ) {}

  /** One pass; answers the owners taken out. */
  async sweep(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - PAST_DUE_GRACE_DAYS * DAY_MS);
    const pastDue = await this.access.pastDueSince(this.dataSource.manager, cutoff, SWEEP_LIMIT);
    const counted = await this.members.usersCountedAmong(this.dataSource.manager, pastDue);
    for (const userId of counted) await this.reconcile(userId, now);
    return counted.length;
  }

  /** The owner's groups take their stored access as of `now`. */
  async reconcile(userId: string, now = new Date()): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (!(await lockLiveAccount(manager, userId))) return;
      const access = await this.access.find(manager, userId);
      const published = access ? hasAccess(access.status, access.currentPeriodEnd, now) : false;
      await this.standings.ownerPublishingChanged(manager, userId, published);
    });
  }
}
