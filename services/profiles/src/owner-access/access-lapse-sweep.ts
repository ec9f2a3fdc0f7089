import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PAST_DUE_GRACE_DAYS } from '@runpledge/contracts';
import { LOGGER } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { env } from '../config/env.js';
import { TeamsRepository } from '../teams/teams.repository.js';
import { OwnerAccessService } from './owner-access.service.js';

const DAY_MS = 86_400_000;
/** Owners handled per pass; the next pass takes the rest. */
const SWEEP_LIMIT = 500;

/**
 * Billing says "past due" once; the page unpublishes when the grace runs out, with no event then.
 * This pass finds owners whose team memberships still count after that and unpublishes them the
 * way billing's event would (OwnerAccessService.reconcile). A plain timer is enough: a pass changes
 * only what is out of step, under the owner's lock, so replicas sweeping at once agree.
 */
@Injectable()
export class AccessLapseSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly teams: TeamsRepository,
    private readonly ownerAccess: OwnerAccessService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), env.ACCESS_LAPSE_SWEEP_EVERY_SECONDS * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; answers the owners reconciled. */
  async sweep(now = new Date()): Promise<number> {
    const lapsed = await this.teams.usersCountedWithoutAccess(
      new Date(now.getTime() - PAST_DUE_GRACE_DAYS * DAY_MS),
      SWEEP_LIMIT,
    );
    for (const userId of lapsed) await this.ownerAccess.reconcile(userId, now);
    return lapsed.length;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.sweep()
      .then((owners) => owners > 0 && this.logger.info({ owners }, 'lapsed owners left their teams’ sums'))
      .catch((err: unknown) => this.logger.warn({ err }, 'access lapse sweep failed; tried again next time'))
      .finally(() => (this.running = undefined));
    await this.running;
  }
}
