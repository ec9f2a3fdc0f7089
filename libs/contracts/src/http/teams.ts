import { z } from 'zod';
import { pageNumberSchema } from './page-number.js';
import { SLUG_PATTERN } from './profiles.js';
import {
  RESERVED_TEAM_SLUGS,
  SAMPLE_TEAM_SLUG_PREFIX,
  TEAM_JOIN_RULES,
  TEAM_LIMITS,
  TEAM_MEMBER_STATUSES,
  TEAM_RANKINGS,
  TEAM_INVITE_INVALID,
  TEAM_SLUG_RESERVED,
} from '../product/teams.js';
import { CHARITY_NOT_LISTED } from '../product/charities.js';
import { calendarDate, textField } from '../product/text.js';
import { currencySchema } from './fundraising-totals.js';

/** A team's address (/teams/{slug}): the page-address rules, in the teams' own namespace. */
export const teamSlugSchema = z
  .string({ error: 'Please choose a team address' })
  .min(1, 'Please choose a team address')
  .max(TEAM_LIMITS.slug, `The team address can be at most ${TEAM_LIMITS.slug} characters`)
  .regex(SLUG_PATTERN, 'The team address may only contain lowercase letters, numbers and hyphens')
  .refine(
    (slug) => !(RESERVED_TEAM_SLUGS as readonly string[]).includes(slug) && !slug.startsWith(SAMPLE_TEAM_SLUG_PREFIX),
    { message: TEAM_SLUG_RESERVED },
  );

const requiredText = (label: string, max: number) =>
  textField(label, { error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} can be at most ${max} characters`);

const twoDecimals = (n: number) => Math.round(n * 100) === Math.round(n * 100 * 1e6) / 1e6;
export const teamGoalSchema = z.coerce
  .number({ error: 'The team goal must be a number' })
  .min(0, `The team goal must be between 0 and ${TEAM_LIMITS.goalMax.toLocaleString('en-US')}`)
  .max(TEAM_LIMITS.goalMax, `The team goal must be between 0 and ${TEAM_LIMITS.goalMax.toLocaleString('en-US')}`)
  .refine(twoDecimals, 'The team goal can have at most 2 decimals');

export const teamFieldsSchema = z.object({
  slug: teamSlugSchema,
  name: requiredText('The team name', TEAM_LIMITS.name),
  story: textField('The team story')
    .trim()
    .max(TEAM_LIMITS.story, `The team story can be at most ${TEAM_LIMITS.story} characters`)
    .nullish()
    .transform((value) => value ?? ''),
  charityName: requiredText('The charity name', TEAM_LIMITS.charityName),
  /** A listed charity (community's directory), or null to leave it: its name follows it. */
  charityId: z.uuid({ error: CHARITY_NOT_LISTED }).nullish(),
  marathonName: requiredText('Marathon name', TEAM_LIMITS.marathonName),
  marathonDate: calendarDate('Please select a marathon date.'),
  currency: currencySchema,
  goalAmount: teamGoalSchema,
  joinRule: z.enum(TEAM_JOIN_RULES, { error: 'The join rule must be open or approval' }),
});

/** POST /api/teams. */
export const createTeamRequestSchema = teamFieldsSchema.extend({
  captainProfileId: z.uuid({ error: 'Please choose your page for the team' }),
});
export type CreateTeamRequest = z.infer<typeof createTeamRequestSchema>;

/** PUT /api/teams/{id}: any field of the create call but the captain; absent fields stay. */
export const updateTeamRequestSchema = teamFieldsSchema.partial();
export type UpdateTeamRequest = z.infer<typeof updateTeamRequestSchema>;

/** POST /api/teams/{id}/members. */
export const joinTeamRequestSchema = z.object({
  runnerProfileId: z.uuid({ error: 'Please choose a page' }),
  inviteCode: z.string({ error: TEAM_INVITE_INVALID }).trim().max(100, TEAM_INVITE_INVALID).nullish(),
});
export type JoinTeamRequest = z.infer<typeof joinTeamRequestSchema>;

/** POST /api/teams/{id}/captain. */
export const handOverTeamRequestSchema = z.object({
  runnerProfileId: z.uuid({ error: 'Please choose the new captain' }),
});
export type HandOverTeamRequest = z.infer<typeof handOverTeamRequestSchema>;

/** GET /api/teams/{slug}?by=&page=. */
export const teamPageQuerySchema = z.object({
  by: z.enum(TEAM_RANKINGS, { error: 'by must be raised, miles or percent' }).default('raised'),
  page: pageNumberSchema,
});
export type TeamPageQuery = z.infer<typeof teamPageQuerySchema>;

export const teamSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  story: z.string(),
  charityName: z.string(),
  /** The listed charity the team names; null when none (optional to readers: every answer carries it). */
  charityId: z.uuid().nullish(),
  /** The listed charity's address (`/charities/{slug}`); null when the team names none. */
  charitySlug: z.string().nullish(),
  marathonName: z.string(),
  marathonDate: z.string(),
  currency: z.string(),
  /** Decimal strings, as a page's amounts. */
  goalAmount: z.string(),
  raised: z.string(),
  donors: z.number().int(),
  /** Running miles of the published members, two decimals. */
  miles: z.number(),
  memberCount: z.number().int(),
  joinRule: z.enum(TEAM_JOIN_RULES),
  /** Null to everyone but the captain while the captain's page is unpublished. */
  captain: z.object({ name: z.string(), pageSlug: z.string() }).nullable(),
  isCaptain: z.boolean(),
});
export type Team = z.infer<typeof teamSchema>;

export const teamMemberSchema = z.object({
  runnerProfileId: z.uuid(),
  pageSlug: z.string(),
  name: z.string(),
  raised: z.string(),
  currency: z.string(),
  donors: z.number().int(),
  miles: z.number(),
  /** Of the team's goal; 0 without one. */
  percentOfGoal: z.number(),
  status: z.enum(TEAM_MEMBER_STATUSES),
  isCaptain: z.boolean(),
  joinedAt: z.iso.datetime(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamResponseSchema = z.object({ team: teamSchema });
export type TeamResponse = z.infer<typeof teamResponseSchema>;

export const teamMemberResponseSchema = z.object({ member: teamMemberSchema });
export type TeamMemberResponse = z.infer<typeof teamMemberResponseSchema>;

/** GET /api/teams/{slug}. */
export const teamPageResponseSchema = z.object({
  team: teamSchema,
  members: z.array(teamMemberSchema),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type TeamPageResponse = z.infer<typeof teamPageResponseSchema>;

/** GET/POST /api/teams/{id}/invite. */
export const teamInviteResponseSchema = z.object({ code: z.string(), url: z.string() });
export type TeamInviteResponse = z.infer<typeof teamInviteResponseSchema>;
