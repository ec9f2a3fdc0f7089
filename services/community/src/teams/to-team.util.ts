import { BUSINESS, type Team, type TeamMember } from '@runpledge/contracts';
import type { ListedMemberRow } from '../standings/standing-members.repository.js';
import type { TeamEntity } from './team.entity.js';

/** A team as its page shows it: its own row, its standing's sums, and its captain's page and membership. */
export interface TeamRow extends Omit<TeamEntity, 'createdAt' | 'updatedAt'> {
  raised: string;
  donors: number;
  meters: number;
  memberCount: number;
  captainName: string;
  captainSlug: string;
  captainUserId: string;
  /** Whether the captain's page counts (is published), as their membership says. */
  captainPublished: boolean;
  /** The listed charity's address, when the team names one. */
  charitySlug: string | null;
}

/** Meters to miles with two decimals, for display; the store keeps meters. */
export function metersToMiles(meters: number): number {
  return Math.round(meters * BUSINESS.metersToMiles * 100) / 100;
}

/** Whether the viewer (undefined: a visitor) is the team's captain. */
export function viewedByCaptain(row: TeamRow, viewerUserId: string | undefined): boolean {
  return viewerUserId !== undefined && viewerUserId === row.captainUserId;
}

/**
 * The API's `team`; `isCaptain` for the caller (false for a visitor). A captain whose page is
 * unpublished is left out (null) for everyone but themself.
 */
export function toTeam(row: TeamRow, viewerUserId: string | undefined): Team {
  const isCaptain = viewedByCaptain(row, viewerUserId);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    story: row.story,
    charityName: row.charityName,
    charityId: row.charityId,
    charitySlug: row.charitySlug,
    marathonName: row.marathonName,
    marathonDate: row.marathonDate,
    currency: row.currency,
    goalAmount: row.goalAmount,
    raised: row.raised,
    donors: row.donors,
    miles: metersToMiles(row.meters),
    memberCount: row.memberCount,
    joinRule: row.joinRule,
    captain: isCaptain || row.captainPublished ? { name: row.captainName, pageSlug: row.captainSlug } : null,
    isCaptain,
  };
}

/** Of the member's own page goal, one decimal; 0 without a goal. */
export function percentOf(raised: string, goal: string): number {
  const g = Number(goal);
  if (!(g > 0)) return 0;
  return Math.round((Number(raised) / g) * 1000) / 10;
}

export function toMember(row: ListedMemberRow, captainProfileId: string): TeamMember {
  return {
    runnerProfileId: row.profileId,
    pageSlug: row.pageSlug,
    name: row.name,
    raised: row.raised,
    currency: row.currency,
    donors: row.donors,
    miles: metersToMiles(row.meters),
    percentOfGoal: percentOf(row.raised, row.pageGoal),
    status: row.status,
    isCaptain: row.profileId === captainProfileId,
    joinedAt: new Date(row.joinedAt).toISOString(),
  };
}
