import { Injectable } from '@nestjs/common';
import { PAST_DUE_GRACE_DAYS } from '@runpledge/contracts';
import { TeamsRepository } from '../teams/teams.repository.js';
import { OwnerAccessService } from './owner-access.service.js';

const DAY_MS = 86_400_000;
/** Owners handled per pass; the next pass takes the rest. */
const SWEEP_LIMIT = 500;

/**
 * Billing says "past due" once; the page unpublishes when the grace runs out, with no event then.
 * This pass finds owners whose team memberships still count after that and unpublishes them the
 * way billing's event would (OwnerAccessService.reconcile). The profiles worker runs it on a
 * schedule (AccessLapseProcessor); a pass changes only what is out of step, under the owner's lock,
 * so two passes at once agree.
 */
@Injectable()
export class AccessLapseService {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly ownerAccess: OwnerAccessService,
  ) {}

  /** One pass; answers the owners reconciled. */
  async sweep(now = new Date()): Promise<number> {
    const lapsed = await this.teams.usersCountedWithoutAccess(
      new Date(now.getTime() - PAST_DUE_GRACE_DAYS * DAY_MS),
      SWEEP_LIMIT,
    );
    for (const userId of lapsed) await this.ownerAccess.reconcile(userId, now);
    return lapsed.length;
  }
}
