import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, lockLiveAccount } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { FitnessDistanceClient } from './fitness-distance.client.js';
import { RunLedgerRepository } from './run-ledger.repository.js';

/** Every day a runner may have run on: the seed reads them all at once. */
const ALL_DAYS = { from: '1970-01-01', to: '2999-12-31' } as const;

/**
 * The one-time seed of the run ledger (decision 0021): the runs fitness held before it told profiles
 * of each change, read once per page owner through `fitness.distance.by-day` with the version they
 * were read at. The pledges sweep seeds a few owners each pass until none is left (a new page's owner
 * on the next pass); a page falling due is seeded first, so no pledge is fixed from an unseeded ledger.
 */
@Injectable()
export class RunLedgerSeeder {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: RunLedgerRepository,
    private readonly fitness: FitnessDistanceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Seeds the runner's ledger unless it was; fails (503) while fitness does not answer. */
  async ensure(userId: string): Promise<void> {
    if (await this.ledger.isSeeded(this.dataSource.manager, userId)) return;
    const { days, version } = await this.fitness.byDay({ userId, ...ALL_DAYS });
    await this.dataSource.transaction(async (manager) => {
      // A deleted account's ledger is gone with it: nothing to seed.
      if (await lockLiveAccount(manager, userId)) await this.ledger.seed(manager, userId, version, days);
    });
  }

  /** One pass: up to `limit` unseeded page owners; stops at the first failure and tries again next pass. */
  async seedSome(limit: number): Promise<number> {
    const owners = await this.ledger.unseededOwners(this.dataSource.manager, limit);
    let seeded = 0;
    for (const userId of owners) {
      try {
        await this.ensure(userId);
        seeded += 1;
      } catch (err) {
        this.logger.warn({ err, userId }, 'run ledger seed failed; tried again on the next sweep');
        break;
      }
    }
    return seeded;
  }
}
