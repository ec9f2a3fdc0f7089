import {
  formatMoney,
  progressPercent,
  type Charity,
  type PublicProfileView,
  type RaceEvent,
  type Team,
} from '@runpledge/contracts';
import { createHash } from 'node:crypto';
import type {
  CharityCardContent,
  PageCardContent,
  ShareCardContent,
  ShareCardFundraising,
} from './share-card.renderer.js';

/** Bumped when the card's design changes, so every URL carrying a version changes with it. */
const DESIGN_VERSION = 1;

/** "Sunday, October 11, 2026" for "2026-10-11" (a calendar date: no time zone shift). */
export function formatMarathonDate(date: string): string {
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

interface Totals {
  raised: string;
  goal: string;
  donors: number;
  currency: string;
  /** What the card shows without a goal or a raised amount. */
  challenges: number;
}

/** Spec 9: raised divided by goal, 0-100; what the page has when there is no goal. */
function fundraisingOf(totals: Totals): ShareCardFundraising {
  const raised = Number(totals.raised);
  const goal = Number(totals.goal);
  const { donors, currency } = totals;
  if (Number.isFinite(goal) && goal > 0) {
    return {
      kind: 'progress',
      raised: formatMoney(raised, currency),
      goal: formatMoney(goal, currency),
      percent: progressPercent(raised, goal),
      donors,
    };
  }
  if (Number.isFinite(raised) && raised > 0) return { kind: 'raised', raised: formatMoney(raised, currency), donors };
  const count = totals.challenges;
  return count > 0 ? { kind: 'challenges', count } : { kind: 'none' };
}

/** The page's public address without the scheme, e.g. "runpledge.org/jane-runs". */
export function pageAddress(siteUrl: string, slug: string): string {
  const url = new URL(siteUrl);
  return `${url.host}${url.pathname.replace(/\/$/, '')}/${slug}`;
}

/** What a runner's card draws, from their public page. */
export function shareCardContent(view: PublicProfileView, siteUrl: string): PageCardContent {
  return {
    name: view.name,
    marathonName: view.marathonName,
    marathonDate: formatMarathonDate(view.marathonDate),
    fundraising: fundraisingOf({
      raised: view.fundsRaised,
      goal: view.fundraisingGoal,
      donors: view.totalDonors,
      currency: view.fundraisingCurrency ?? 'USD',
      challenges: view.fundraisingChallenges.length,
    }),
    pageAddress: pageAddress(siteUrl, view.urlSlug),
  };
}

/** What a team's card draws, from its public page: the team's sums against its goal. */
export function teamShareCardContent(team: Team, siteUrl: string): PageCardContent {
  return {
    name: team.name,
    marathonName: team.marathonName,
    marathonDate: formatMarathonDate(team.marathonDate),
    fundraising: fundraisingOf({
      raised: team.raised,
      goal: team.goalAmount,
      donors: team.donors,
      currency: team.currency,
      challenges: 0,
    }),
    pageAddress: pageAddress(siteUrl, `teams/${team.slug}`),
    team: { charityName: team.charityName, memberCount: team.memberCount },
  };
}

/** Names exactly what a card draws: the same content gives the same version, any change a new one. */
export function shareCardVersion(content: ShareCardContent): string {
  return createHash('sha256')
    .update(JSON.stringify([DESIGN_VERSION, content]))
    .digest('base64url')
    .slice(0, 16);
}

/** What an event's or a charity's runners raised, one sum per currency (nothing converts currencies). */
type CurrencyTotals = RaceEvent['totals'];

/** The sums with money in them, the largest amount first (as numbers, whatever their currency). */
function byMostRaised(totals: CurrencyTotals): CurrencyTotals {
  return totals.filter((total) => Number(total.raised) > 0).sort((a, b) => Number(b.raised) - Number(a.raised));
}

/** An event's card: its name and day, and what its runners raised in the currency most raised in. */
export function eventShareCardContent(event: RaceEvent, siteUrl: string): PageCardContent {
  const [top] = byMostRaised(event.totals);
  return {
    name: event.name,
    marathonName: event.name,
    marathonDate: formatMarathonDate(event.date),
    fundraising: top
      ? fundraisingOf({ raised: top.raised, goal: '0', donors: top.donors, currency: top.currency, challenges: 0 })
      : { kind: 'none' },
    pageAddress: pageAddress(siteUrl, `events/${event.slug}`),
  };
}

/** A charity's card: its name, mission and runners, whether it is verified, and every currency's sum, largest first. */
export function charityShareCardContent(charity: Charity, siteUrl: string): CharityCardContent {
  const totals = byMostRaised(charity.totals);
  return {
    name: charity.name,
    fundraising:
      totals.length > 0
        ? {
            kind: 'totals',
            raised: totals.map((total) => formatMoney(Number(total.raised), total.currency)),
            donors: totals.reduce((sum, total) => sum + total.donors, 0),
          }
        : { kind: 'none' },
    pageAddress: pageAddress(siteUrl, `charities/${charity.slug}`),
    charity: { mission: charity.mission, verified: charity.verified, runnerCount: charity.runnerCount },
  };
}
