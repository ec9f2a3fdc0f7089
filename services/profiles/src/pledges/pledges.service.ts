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
  totalPagesOf,
} from '@runpledge/contracts';
import { DomainEvents, hashToken, ServiceException } from '@runpledge/server-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { ownedOrThrow } from '../runner-profiles/profile-ownership.util.js';
import type { RunnerProfileEntity } from '../runner-profiles/runner-profile.entity.js';
import { isPublished } from '../runner-profiles/to-profile.util.js';
import { DistanceWindow, earningOf, isoDay, type Earning } from './pledge-earnings.js';
import { PledgeJobsQueue } from './pledge-jobs.queue.js';
import { linkChange } from './pledge-links.js';
import { totalsByCurrency, type CurrencyTotal } from './pledge-totals.js';
import { PledgesRepository, type PledgeRow } from './pledges.repository.js';
import { RunLedgerRepository } from './run-ledger.repository.js';

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

const PAGE_SIZE = PLEDGE_LIMITS.listPageSize;

/** One page (from 1) of a list, with how many pages it has. */
function pageOf<T>(items: T[], page: number): { items: T[]; page: number; totalPages: number } {
  return {
    items: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    page,
    totalPages: totalPagesOf(items.length, PAGE_SIZE),
  };
}

/**
 * Pledges per mile on a page: made by supporters without an account, confirmed by mail, counted from
 * the runner's runs in profiles's own run ledger (fitness's events: a read never asks fitness, so it
 * answers while fitness is away), fixed once they fall due.
 */
@Injectable()
export class PledgesService {
  private readonly now: Clock = () => new Date();

  constructor(
    private readonly pledges: PledgesRepository,
    private readonly events: DomainEvents,
    private readonly ledger: RunLedgerRepository,
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
      const row = await this.pledges.insert(
        manager,
        runnerProfileId,
        { unit: found.page.distanceUnit, currency: found.page.fundraisingCurrency },
        request,
      );
      await this.jobs.recordMails(manager, 'confirm', [row.id]);
      return { pledge: toPledge(row, { distanceCounted: 0, earned: 0 }) };
    });
  }

  /** The confirmation link: single use, good for 48 hours. */
  confirm(token: string): Promise<{ pledge: Pledge }> {
    return this.events.transaction(async (manager) => {
      const row = await this.pledges.confirm(manager, hashToken(token), this.now(), PLEDGE_LIMITS.confirmationHours);
      if (!row) throw ServiceException.badRequest(PLEDGE_MESSAGES.confirmLinkInvalid);
      return { pledge: toPledge(row, { distanceCounted: 0, earned: 0 }) };
    });
  }

  /**
   * The page's confirmed pledges, largest rate first, one page of 50, and their sums over all of them,
   * as anyone may see them (the owner too, unpublished).
   */
  async listPublic(runnerProfileId: string, viewerUserId: string | null, page: number): Promise<PagePledgesResponse> {
    const manager = this.dataSource.manager;
    const found = await this.pledges.findPage(manager, runnerProfileId);
    if (!found || (!isPublished(found.page.ownerAccess) && found.page.userId !== viewerUserId))
      throw ServiceException.notFound(RUNNER_PROFILE_NOT_FOUND);
    const rows = await this.pledges.listOfPage(runnerProfileId, [...CONFIRMED], 'rate', manager);
    const { summary, earnings } = await this.earnings(manager, found.page, found.closedAt, rows);
    const listed = pageOf(
      rows.map((row, i): PublicPledge => ({
        name: row.name,
        ratePerUnit: row.ratePerUnit,
        unit: row.unit,
        currency: row.currency,
        cap: row.cap,
        counts: row.counts,
        earned: earnings[i]!.earned,
        status: row.status,
      })),
      page,
    );
    return {
      summary: { ...summary, totals: summary.totals.map(({ due: _due, ...total }) => total) },
      pledges: listed.items,
      page: listed.page,
      totalPages: listed.totalPages,
    };
  }

  /** The owner's dashboard: every confirmed pledge (cancelled ones too), newest first, 50 a page; never an address. */
  async listOwn(runnerProfileId: string, userId: string, page: number): Promise<ManagePledgesResponse> {
    const manager = this.dataSource.manager;
    const found = await this.pledges.findPage(manager, runnerProfileId);
    ownedOrThrow(found?.page ?? null, userId);
    const rows = await this.pledges.listOfPage(runnerProfileId, [...CONFIRMED, 'cancelled'], 'newest', manager);
    const { summary, earnings } = await this.earnings(manager, found!.page, found!.closedAt, rows);
    const listed = pageOf(
      rows.map((row, i) => ({ row, earning: earnings[i]! })),
      page,
    );
    const pledges = listed.items.map(({ row, earning }): OwnerPledge => ({
      ...toPledge(row, earning),
      message: row.message,
      due: row.status === 'due' ? earning.earned : 0,
      paid: row.status === 'paid' ? earning.earned : 0,
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      dueAt: row.dueAt?.toISOString() ?? null,
      paidAt: row.paidAt?.toISOString() ?? null,
    }));
    return {
      summary: {
        ...summary,
        due: summary.totals[0]?.due ?? 0,
        closedAt: found!.closedAt?.toISOString() ?? null,
      },
      pledges,
      page: listed.page,
      totalPages: listed.totalPages,
    };
  }

  /**
   * The owner removes a pledge (an abusive name, a rate nobody means): it is deleted, so it leaves
   * every list and sum at once, and no mail finds it again (each mail is claimed on its row).
   */
  remove(runnerProfileId: string, pledgeId: string, userId: string): Promise<{ success: true }> {
    return this.events.transaction(async (manager) => {
      const found = await this.pledges.findPage(manager, runnerProfileId);
      ownedOrThrow(found?.page ?? null, userId);
      if (!(await this.pledges.remove(manager, runnerProfileId, pledgeId)))
        throw ServiceException.notFound(PLEDGE_MESSAGES.notFound);
      return { success: true as const };
    });
  }

  /** "I've finished": the page's pledges fall due now (the worker fixes and mails them). */
  close(runnerProfileId: string, userId: string): Promise<ClosePledgesResponse> {
    return this.events.transaction(async (manager) => {
      const found = await this.pledges.findPage(manager, runnerProfileId);
      ownedOrThrow(found?.page ?? null, userId);
      return { due: await this.fallDueNow(manager, runnerProfileId) };
    });
  }

  /**
   * The page's pledges fall due now, in the caller's transaction (the runner's "I've finished", or a
   * recorded finish): closed once, and the worker fixes and mails the active ones. How many are due.
   */
  async fallDueNow(manager: EntityManager, runnerProfileId: string): Promise<number> {
    await this.pledges.close(manager, runnerProfileId, this.now());
    const due = await this.pledges.countActive(manager, runnerProfileId);
    if (due > 0) await this.jobs.recordPageDue(manager, runnerProfileId);
    return due;
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
      const row = 'set' in change ? await this.pledges.applyChange(manager, pledgeId, change.set, this.now()) : found;
      return { pledge: toPledge(row, fixedOrZero(row)) };
    });
  }

  /**
   * What each pledge earned: fixed ones as stored, the others from the runner's runs in the ledger.
   * One read of the ledger, for the longest window; each pledge's share is a prefix sum.
   */
  private async earnings(
    manager: EntityManager,
    page: RunnerProfileEntity,
    closedAt: Date | null,
    rows: PledgeRow[],
  ): Promise<{ summary: Omit<PledgeSummary, 'totals'> & { totals: CurrencyTotal[] }; earnings: Earning[] }> {
    const end = windowEnd(page.marathonDate, closedAt);
    const live = rows.filter((r) => r.status === 'active' && r.counts === 'training' && r.confirmedOn);
    const from = live.reduce<string | null>(
      (min, r) => (min === null || r.confirmedOn! < min ? r.confirmedOn! : min),
      null,
    );
    const days = from && from <= end ? await this.ledger.daysOf(manager, page.userId, from, end) : [];
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
    const totals = totalsByCurrency(
      rows.map((row, i) => ({ ...row, earned: earnings[i]!.earned })),
      unit,
      page.fundraisingCurrency,
    );
    // The first currency's sums stand for the page's (never two currencies added); all are in totals.
    const first = totals[0];
    const summary = {
      count: rows.filter((r) => r.status !== 'cancelled').length,
      ratePerUnitTotal: first?.ratePerUnitTotal ?? 0,
      unit,
      distanceCounted,
      sources: longest && longest.distanceCounted >= fixedLongest ? longest.sources : zeroSources(),
      earned: first?.earned ?? 0,
      paid: first?.paid ?? 0,
      currency: first?.currency ?? page.fundraisingCurrency,
      totals,
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

/** `pledge` of API.md, in the unit and currency it was made in. */
export function toPledge(row: PledgeRow, earning: { distanceCounted: number; earned: number }): Pledge {
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
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
  };
}
