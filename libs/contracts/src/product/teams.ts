import { FIELD_LIMITS, RESERVED_SLUGS, SAMPLE_PAGE_SLUG_PREFIX } from './limits.js';

/** Team limits (API.md "Teams"). */
export const TEAM_LIMITS = {
  name: 100,
  story: 2000,
  charityName: 100,
  marathonName: FIELD_LIMITS.marathonName,
  slug: FIELD_LIMITS.urlSlug,
  goalMax: 100_000_000,
  /** GET /api/teams/{slug}: members a page. */
  membersPageSize: 50,
  /** The captain's invite code: random, url-safe. */
  inviteCodeBytes: 18,
} as const;

export const TEAM_JOIN_RULES = ['open', 'approval'] as const;
export type TeamJoinRule = (typeof TEAM_JOIN_RULES)[number];

export const TEAM_MEMBER_STATUSES = ['member', 'pending'] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

export const TEAM_RANKINGS = ['raised', 'miles', 'percent'] as const;
export type TeamRanking = (typeof TEAM_RANKINGS)[number];

/** Team addresses: /teams/{slug}; the page-address rules in their own namespace. */
export const RESERVED_TEAM_SLUGS = [...RESERVED_SLUGS, 'new', 'create', 'join', 'invite'] as const;
export { SAMPLE_PAGE_SLUG_PREFIX as SAMPLE_TEAM_SLUG_PREFIX };

export const TEAM_NOT_FOUND = 'Team not found';
export const TEAM_SLUG_TAKEN = 'This team address is already taken. Please choose another.';
export const TEAM_SLUG_RESERVED = 'This team address is reserved. Please choose another.';
export const PAGE_ALREADY_IN_TEAM = 'This page is already in a team';
export const TEAM_PAGE_NOT_PUBLISHED = 'Only a published page can join a team';
/** A page whose platform has not been read yet: its currency (and so the team it can join) is not known. */
export const TEAM_PAGE_TOTALS_UNREAD =
  "This page's fundraising totals have not been read from its platform yet. Check its donation details, then try again in a minute.";
export const TEAM_CAPTAIN_MUST_HAND_OVER = 'The captain hands the team to another member before leaving';
export const TEAM_NEW_CAPTAIN_NOT_MEMBER = 'The new captain must be a member of the team';
export const TEAM_MEMBER_NOT_FOUND = 'This page is not in the team';
export const TEAM_ONLY_CAPTAIN = 'Only the team captain can do this';
export const TEAM_INVITE_INVALID = 'This invite code is not valid';

/** 400 when a page in another currency asks to join. */
export function teamCurrencyMessage(currency: string): string {
  return `This team raises in ${currency}`;
}
