import { Injectable } from '@nestjs/common';
import {
  PLEDGE_LIMITS,
  PLEDGE_MESSAGES,
  RUNNER_PROFILE_NOT_FOUND,
  type ClosePledgesResponse,
  type CreatePledgeRequest,
  type DistanceUnit,
  type ManagePledgesResponse,
  type OwnerPledge,
  type PagePledgesResponse,
  type Pledge,
  type PledgeLinkAction,
  type PledgeSummary,
  type PublicPledge,
} from '@runpledge/contracts';
import { DomainEvents, hashToken, ServiceException } from '@runpledge/server-kit';
import { DataSource } from 'typeorm';
import { ownedOrThrow } from '../runner-profiles/profile-ownership.util.js';
import type { RunnerProfileEntity } from '../runner-profiles/runner-profile.entity.js';
import { isPublished } from '../runner-profiles/to-profile.util.js';
import { FitnessDistanceClient } from './fitness-distance.client.js';
import { DistanceWindow, earningOf, isoDay, rateIn, type Earning } from './pledge-earnings.js';
import { PledgeJobsQueue } from './pledge-jobs.queue.js';
import { linkChange } from './pledge-links.js';
import { PledgesRepository, type PledgeRow } from './pledges.repository.js';

/** Statuses a page's visitors see: confirmed and not cancelled. */
const CONFIRMED = ['active', 'due', 'paid'] as const;

/** The clock of the pledge rules; tests of the rules give their own. */
export type Clock = () => Date;

/** The last day a page's training pledges count: race day, or the day the runner finished if earlier. */
export function windowEnd(marathonDate: string, closedAt: Date | null): string {
  const closedDay = closedAt ? isoDay(closedAt) : null;
  return closedDay !== null && closedDay < marathonDate ? closedDay : marathonDate;
}

/** The pledges fall due the day after race day, or when the runner closes them. */
export function isDue(marathonDate: string, closedAt: Date | null, now: Date): boolean {
  return closedAt !== null || isoDay(now) > marathonDate;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * Pledges per mile on a page: made by supporters without an account, confirmed by mail, counted from
 * the runner's runs as fitness knows them (read on every read: a new run shows at once), fixed once
 * they fall due.
 */
@Injectable()
export class PledgesService {
  private readonly now: Clock = () => new Date();

  constructor(
    private readonly pledges: PledgesRepository,
    private readonly events: DomainEvents,
    private readonly fitness: FitnessDistanceClient,
    private readonly jobs: PledgeJobsQueue,
    private readonly dataSource: DataSource,
  ) {}

  /** A supporter pledges on a published page; the confirmation mail goes from the worker. */
  create(runnerProfileId: string, request: CreatePledgeRequest): Promise<{ pledge: Pledge }> {
    return this.events.transaction(async (manager) => {
      const found = await this.pledges.findPage(manager, runnerProfileId);
      if (!found || !isPublished(found.page.ownerAccess)) throw ServiceException.notFound(RUNNER_PROFILE_NOT_FOUND);
      if (isDue(found.page.marathonDate, found.closedAt, this.now()))
        throw ServiceException.badRequest(PLEDGE_MESSAGES.closed);
      const row = await this.pledges.insert(manager, runnerProfileId, found.page.distanceUnit, request);
      await this.jobs.recordMails(manager, 'confirm', [row.id]);
      return { pledge: toPledge(row, { distanceCounted: 0, earned: 0 }, found.page.fundraisingCurrency) };
    });
  }

  /** The confirmation link: single use, good for 48 hours. */
  confirm(token: string): Promise<{ pledge: Pledge }> {
    return this.events.transaction(async (manager) => {
      const row = await this.pledges.confirm(manager, hashToken(token), this.now(), PLEDGE_LIMITS.confirmationHours);
      if (!row) throw ServiceException.badRequest(PLEDGE_MESSAGES.confirmLinkInvalid);
      const currency = await this.pledges.currencyOfPage(manager, row.runnerProfileId);
      return { pledge: toPledge(row, { distanceCounted: 0, earned: 0 }, currency) };
    });
  }

  /** The page's confirmed pledges and their sum, as anyone may see them (the owner too, unpublished). */
  async listPublic(runnerProfileId: string, viewerUserId: string | null): Promise<PagePledgesResponse> {
    const manager = this.dataSource.manager;
    const found = await this.pledges.findPage(manager, runnerProfileId);
    if (!found || (!isPublished(found.page.ownerAccess) && found.page.userId !== viewerUserId))
      throw ServiceException.notFound(RUNNER_PROFILE_NOT_FOUND);
    const rows = await this.pledges.listOfPage(runnerProfileId, [...CONFIRMED], manager);
    const { summary, earnings } = await this.earnings(found.page, found.closedAt, rows);
    return {
      summary,
      pledges: rows.map((row, i): PublicPledge => ({
        name: row.name,
        ratePerUnit: row.ratePerUnit,
        cap: row.cap,
        counts: row.counts,
        earned: earnings[i]!.earned,
        status: row.status,
      })),
    };
  }

  /** The owner's dashboard: every confirmed pledge (cancelled ones too), never an e-mail address. */
  async listOwn(runnerProfileId: string, userId: string): Promise<ManagePledgesResponse> {
    const manager = this.dataSource.manager;
    const found = await this.pledges.findPage(manager, runnerProfileId);
    ownedOrThrow(found?.page ?? null, userId);
    const rows = await this.pledges.listOfPage(runnerProfileId, [...CONFIRMED, 'cancelled'], manager);
    const { summary, earnings } = await this.earnings(found!.page, found!.closedAt, rows);
    const pledges = rows.map((row, i): OwnerPledge => ({
      ...toPledge(row, earnings[i]!, found!.page.fundraisingCurrency),
      message: row.message,
      due: row.status === 'due' ? earnings[i]!.earned : 0,
      paid: row.status === 'paid' ? earnings[i]!.earned : 0,
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      dueAt: row.dueAt?.toISOString() ?? null,
      paidAt: row.paidAt?.toISOString() ?? null,
    }));
    return {
      summary: {
        ...summary,
        due: cents(pledges.reduce((sum, p) => sum + p.due, 0)),
        closedAt: found!.closedAt?.toISOString() ?? null,
      },
      pledges,
    };
  }

  /** "I've finished": the page's pledges fall due now (the worker fixes and mails them). */
  close(runnerProfileId: string, userId: string): Promise<ClosePledgesResponse> {
    return this.events.transaction(async (manager) => {
      const found = await this.pledges.findPage(manager, runnerProfileId);
      ownedOrThrow(found?.page ?? null, userId);
      await this.pledges.close(manager, runnerProfileId, this.now());
      const due = await this.pledges.countActive(manager, runnerProfileId);
      if (due > 0) await this.jobs.recordPageDue(manager, runnerProfileId);
      return { due };
    });
  }

  /**
   * A link of the supporter's own mails ("I've paid", cancel, no more mails), with its token: the
   * rules of pledge-links.ts, applied to the pledge locked for the change.
   */
  followLink(action: PledgeLinkAction, pledgeId: string, token: string): Promise<{ pledge: Pledge }> {
    return this.events.transaction(async (manager) => {
      const found = await this.pledges.findByToken(manager, pledgeId, hashToken(token));
      if (!found) throw ServiceException.badRequest(PLEDGE_MESSAGES.linkInvalid);
      const change = linkChange(action, found.status);
      if ('refuse' in change) throw ServiceException.conflict(change.refuse);
      const row = 'set' in change ? await this.pledges.update(manager, pledgeId, change.set, [this.now()]) : found;
      const currency = await this.pledges.currencyOfPage(manager, row.runnerProfileId);
      return { pledge: toPledge(row, fixedOrZero(row), currency) };
    });
  }

  /**
   * What each pledge earned: fixed ones as stored, the others from the runner's runs now. One
   * request to fitness per read, for the longest window; each pledge's share is a prefix sum.
   */
  private async earnings(
    page: RunnerProfileEntity,
    closedAt: Date | null,
    rows: PledgeRow[],
  ): Promise<{ summary: PledgeSummary; earnings: Earning[] }> {
    const end = windowEnd(page.marathonDate, closedAt);
    const live = rows.filter((r) => r.status === 'active' && r.counts === 'training' && r.confirmedOn);
    const from = live.reduce<string | null>(
      (min, r) => (min === null || r.confirmedOn! < min ? r.confirmedOn! : min),
      null,
    );
    const days = from && from <= end ? await this.fitness.byDay({ userId: page.userId, from, to: end }) : [];
    const window = new DistanceWindow(days);
    const raceCounted = isDue(page.marathonDate, closedAt, this.now());
    const earnings = rows.map((row) =>
      row.status === 'active' ? earningOf(row, window, raceCounted) : { ...fixedOrZero(row), sources: zeroSources() },
    );
    const unit: DistanceUnit = page.distanceUnit;
    // The page's distance: the longest any pledge counts, with its sources (in the page's unit).
    const longest = from
      ? earningOf({ counts: 'training', unit, ratePerUnit: 0, cap: null, confirmedOn: from }, window, raceCounted)
      : null;
    const fixedLongest = Math.max(0, ...rows.map((r, i) => (r.unit === unit ? earnings[i]!.distanceCounted : 0)));
    const distanceCounted = Math.max(longest?.distanceCounted ?? 0, fixedLongest);
    const summary: PledgeSummary = {
      count: rows.filter((r) => r.status !== 'cancelled').length,
      ratePerUnitTotal: cents(
        rows.filter((r) => r.status !== 'cancelled').reduce((sum, r) => sum + rateIn(r.ratePerUnit, r.unit, unit), 0),
      ),
      unit,
      distanceCounted,
      sources: longest && longest.distanceCounted >= fixedLongest ? longest.sources : zeroSources(),
      earned: cents(earnings.reduce((sum, e, i) => sum + (rows[i]!.status === 'cancelled' ? 0 : e.earned), 0)),
      paid: cents(earnings.reduce((sum, e, i) => sum + (rows[i]!.status === 'paid' ? e.earned : 0), 0)),
      currency: page.fundraisingCurrency,
    };
    return { summary, earnings };
  }
}

function zeroSources() {
  return { strava: 0, manual: 0, upload: 0 };
}

/** A pledge that fell due keeps what it earned then; one not yet counted has earned nothing. */
function fixedOrZero(row: PledgeRow): { distanceCounted: number; earned: number } {
  return { distanceCounted: row.distanceCounted ?? 0, earned: row.earned ?? 0 };
}

/** `pledge` of API.md; `currency` is the page's fundraising currency. */
export function toPledge(
  row: PledgeRow,
  earning: { distanceCounted: number; earned: number },
  currency: string,
): Pledge {
  return {
    id: row.id,
    name: row.name,
    ratePerUnit: row.ratePerUnit,
    unit: row.unit,
    cap: row.cap,
    counts: row.counts,
    status: row.status,
    distanceCounted: earning.distanceCounted,
    earned: earning.earned,
    currency,
    createdAt: row.createdAt.toISOString(),
  };
}
