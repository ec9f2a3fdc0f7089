import { Inject, Injectable } from '@nestjs/common';
import { PLEDGE_LIMITS } from '@runpledge/contracts';
import { LOGGER } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { env } from '../config/env.js';
import { DistanceWindow, earningOf, isoDay } from './pledge-earnings.js';
import { PledgeJobsQueue } from './pledge-jobs.queue.js';
import { PledgesRepository } from './pledges.repository.js';
import { isDue, windowEnd } from './pledges.service.js';
import { RunLedgerRepository } from './run-ledger.repository.js';
import { RunLedgerSeeder } from './run-ledger.seeder.js';

const DAY_MS = 86_400_000;
/** Pledges fixed and mailed per transaction when a page falls due. */
const DUE_BATCH = env.PLEDGES_DUE_BATCH;
/** Rows the sweep handles per kind and pass. */
const SWEEP_LIMIT = 5000;
/** Page owners whose run ledger is seeded per pass (one request to fitness each). */
const SEEDS_PER_PASS = 50;
/** A due pledge whose mail has not gone after this long had its job lost: asked for again. */
const UNMAILED_GRACE_MS = 10 * 60_000;

/** Pledges falling due (fixed once, then mailed) and the sweep that keeps them moving. */
@Injectable()
export class PledgesDueService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly pledges: PledgesRepository,
    private readonly ledger: RunLedgerRepository,
    private readonly seeder: RunLedgerSeeder,
    private readonly jobs: PledgeJobsQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * A page's active pledges fall due: the runner's days are read once from the run ledger (seeded
   * first if it never was: fitness away fails the job, retried), then each batch is
   * fixed (earned stored, status due) and its mails recorded in one transaction. Safe to run twice
   * or side by side: a pledge already due is not active any more, and locked rows are skipped.
   */
  async fallDue(runnerProfileId: string, now = new Date()): Promise<number> {
    const found = await this.pledges.findPage(this.dataSource.manager, runnerProfileId);
    if (!found || !isDue(found.page.marathonDate, found.closedAt, now)) return 0;
    const { page, closedAt } = found;
    const end = windowEnd(page.marathonDate, closedAt);
    const from = await this.pledges.firstActiveTrainingDay(this.dataSource.manager, runnerProfileId);
    await this.seeder.ensure(page.userId);
    const days = from && from <= end ? await this.ledger.daysOf(this.dataSource.manager, page.userId, from, end) : [];
    const window = new DistanceWindow(days);
    const firstReminderAt = new Date(now.getTime() + PLEDGE_LIMITS.reminderDays[0] * DAY_MS);
    let total = 0;
    for (;;) {
      const fixed = await this.dataSource.transaction(async (manager) => {
        const batch = await this.pledges.lockActiveBatch(manager, runnerProfileId, DUE_BATCH);
        if (batch.length === 0) return 0;
        const due = batch.map((row) => {
          const earning = earningOf(row, window, true);
          return { id: row.id, distance: earning.distanceCounted, earned: earning.earned };
        });
        await this.pledges.markDue(manager, due, now, firstReminderAt);
        await this.jobs.recordMails(
          manager,
          'due',
          batch.map((row) => row.id),
        );
        return batch.length;
      });
      if (fixed === 0) break;
      total += fixed;
    }
    if (total > 0) this.logger.info({ runnerProfileId, pledges: total }, 'pledges fell due');
    return total;
  }

  /**
   * One pass of the sweep: unconfirmed pledges lapse, pages whose pledges are due get their job,
   * lost due mails are asked for again, reminders whose day has come are queued, and a few runners'
   * run ledgers are seeded (none once every page owner's is).
   */
  async sweep(
    now = new Date(),
  ): Promise<{ lapsed: number; pages: number; remail: number; reminders: number; seeded: number }> {
    const lapsed = await this.pledges.deleteLapsed(now, PLEDGE_LIMITS.confirmationHours, SWEEP_LIMIT);
    const pages = await this.pledges.pagesDue(isoDay(now), SWEEP_LIMIT);
    await this.jobs.addPagesDue(pages);
    const unmailed = await this.pledges.unmailedDue(new Date(now.getTime() - UNMAILED_GRACE_MS), SWEEP_LIMIT);
    await this.jobs.addMails('due', unmailed);
    const reminders = await this.pledges.remindersDue(now, SWEEP_LIMIT);
    await this.jobs.addMails(
      'reminder-1',
      reminders.filter((r) => r.remindersSent === 0).map((r) => r.id),
    );
    await this.jobs.addMails(
      'reminder-2',
      reminders.filter((r) => r.remindersSent === 1).map((r) => r.id),
    );
    const seeded = await this.seeder.seedSome(SEEDS_PER_PASS);
    return { lapsed, pages: pages.length, remail: unmailed.length, reminders: reminders.length, seeded };
  }
}
