import { formatMoney, progressPercent, type PublicProfileView } from '@runpledge/contracts';
import { createHash } from 'node:crypto';
import type { ShareCardContent, ShareCardFundraising } from './share-card.renderer.js';

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

/** Spec 9: raised divided by goal, 0-100; what the page has when there is no goal. */
function fundraisingOf(view: PublicProfileView): ShareCardFundraising {
  const raised = Number(view.fundsRaised);
  const goal = Number(view.fundraisingGoal);
  const donors = view.totalDonors;
  const currency = view.fundraisingCurrency ?? 'USD';
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
  const count = view.fundraisingChallenges.length;
  return count > 0 ? { kind: 'challenges', count } : { kind: 'none' };
}

/** The page's public address without the scheme, e.g. "runpledge.org/jane-runs". */
export function pageAddress(siteUrl: string, slug: string): string {
  const url = new URL(siteUrl);
  return `${url.host}${url.pathname.replace(/\/$/, '')}/${slug}`;
}

/** What a runner's card draws, from their public page. */
export function shareCardContent(view: PublicProfileView, siteUrl: string): ShareCardContent {
  return {
    name: view.name,
    marathonName: view.marathonName,
    marathonDate: formatMarathonDate(view.marathonDate),
    fundraising: fundraisingOf(view),
    pageAddress: pageAddress(siteUrl, view.urlSlug),
  };
}

/** Names exactly what a card draws: the same content gives the same version, any change a new one. */
export function shareCardVersion(content: ShareCardContent): string {
  return createHash('sha256')
    .update(JSON.stringify([DESIGN_VERSION, content]))
    .digest('base64url')
    .slice(0, 16);
}
