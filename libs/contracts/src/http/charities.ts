import { z } from 'zod';
import {
  CHARITY_CONSOLE_SORTS,
  CHARITY_LIMITS,
  CHARITY_RANKINGS,
  CHARITY_ROLES,
  CHARITY_RUNNER_FLAGS,
  CHARITY_SLUG_RESERVED,
  CHARITY_WEBSITE_INVALID,
  CHARITY_WEBSITE_PRIVATE,
  RESERVED_CHARITY_SLUGS,
  isPrivateHost,
} from '../product/charities.js';
import { oneLine, textField } from '../product/text.js';
import { emailSchema } from './auth.js';
import { pageNumberSchema } from './page-number.js';
import { SLUG_PATTERN } from './profiles.js';

/** A charity's address (/charities/{slug}): the page-address rules, in the charities' own namespace. */
export const charitySlugSchema = z
  .string({ error: 'Please choose a charity address' })
  .trim()
  .min(1, 'Please choose a charity address')
  .max(CHARITY_LIMITS.slug, `The charity address can be at most ${CHARITY_LIMITS.slug} characters`)
  .regex(SLUG_PATTERN, 'The charity address may only contain lowercase letters, numbers and hyphens')
  .refine((slug) => !(RESERVED_CHARITY_SLUGS as readonly string[]).includes(slug), {
    message: CHARITY_SLUG_RESERVED,
  });

const requiredLine = (label: string, max: number) =>
  textField(label, { error: `${label} is required` })
    .transform(oneLine)
    .pipe(z.string().trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`));

/** The charity's website: http(s), at a public address. */
export const charityWebsiteSchema = textField('The website', { error: 'The website is required' })
  .trim()
  .min(1, 'The website is required')
  .max(CHARITY_LIMITS.website, `The website can be at most ${CHARITY_LIMITS.website} characters`)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0 && !url.username;
      } catch {
        return false;
      }
    },
    { error: CHARITY_WEBSITE_INVALID, abort: true },
  )
  .refine((value) => !isPrivateHost(new URL(value).hostname), { error: CHARITY_WEBSITE_PRIVATE });

export const charityCountrySchema = z
  .string({ error: 'Please choose a country' })
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'The country must be a two-letter country code')
  .transform((c) => c.toUpperCase());

export const charityFieldsSchema = z.object({
  slug: charitySlugSchema,
  name: requiredLine('The charity name', CHARITY_LIMITS.name),
  website: charityWebsiteSchema,
  registeredNumber: textField('The registered number')
    .transform(oneLine)
    .pipe(
      z
        .string()
        .trim()
        .max(
          CHARITY_LIMITS.registeredNumber,
          `The registered number can be at most ${CHARITY_LIMITS.registeredNumber} characters`,
        ),
    )
    .nullish()
    .transform((value) => (value ? value : null)),
  country: charityCountrySchema,
  mission: requiredLine('The mission', CHARITY_LIMITS.mission),
});

/** POST /api/charities. */
export const createCharityRequestSchema = charityFieldsSchema;
export type CreateCharityRequest = z.infer<typeof createCharityRequestSchema>;

/** PUT /api/charities/{id}: any field of the create call; absent fields stay. A new website un-verifies. */
export const updateCharityRequestSchema = charityFieldsSchema.partial();
export type UpdateCharityRequest = z.infer<typeof updateCharityRequestSchema>;

/** POST /api/charities/{id}/verification. */
export const charityVerificationRequestSchema = z.object({ email: emailSchema });
export type CharityVerificationRequest = z.infer<typeof charityVerificationRequestSchema>;

/** POST /api/charities/verify and POST /api/charities/invitations/accept. */
export const charityTokenRequestSchema = z.object({
  token: z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(200, 'token is invalid'),
});
export type CharityTokenRequest = z.infer<typeof charityTokenRequestSchema>;

/** GET /api/charities?query=&page=. */
export const charityDirectoryQuerySchema = z.object({
  query: textField('query')
    .trim()
    .max(CHARITY_LIMITS.name, `query can be at most ${CHARITY_LIMITS.name} characters`)
    .optional()
    .transform((q) => q ?? ''),
  page: pageNumberSchema,
});
export type CharityDirectoryQuery = z.infer<typeof charityDirectoryQuerySchema>;

/** GET /api/charities/{slug}?by=&page=. */
export const charityPageQuerySchema = z.object({
  by: z.enum(CHARITY_RANKINGS, { error: 'by must be raised, miles or percent' }).default('raised'),
  page: pageNumberSchema,
});
export type CharityPageQuery = z.infer<typeof charityPageQuerySchema>;

/** POST /api/charities/{id}/staff. */
export const charityStaffRequestSchema = z.object({
  email: emailSchema,
  role: z.enum(CHARITY_ROLES, { error: 'role must be admin or staff' }),
});
export type CharityStaffRequest = z.infer<typeof charityStaffRequestSchema>;

/** GET /api/charities/{id}/runners?event=&flag=&sort=&query=&page=. */
export const charityRunnersQuerySchema = z.object({
  event: z.uuid({ error: 'event must be an event id' }).optional(),
  flag: z.enum(CHARITY_RUNNER_FLAGS, { error: 'flag is not one of the flags' }).optional(),
  sort: z.enum(CHARITY_CONSOLE_SORTS, { error: 'sort is not one of the columns' }).default('name'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional(),
  query: textField('query')
    .trim()
    .max(CHARITY_LIMITS.name, `query can be at most ${CHARITY_LIMITS.name} characters`)
    .optional()
    .transform((q) => q ?? ''),
  page: pageNumberSchema,
});
export type CharityRunnersQuery = z.infer<typeof charityRunnersQuerySchema>;

/** POST /api/charities/{id}/messages: plain text only. */
export const charityMessageRequestSchema = z.object({
  subject: requiredLine('The subject', CHARITY_LIMITS.messageSubject),
  body: textField('The message', { error: 'The message is required' })
    .trim()
    .min(1, 'The message is required')
    .max(CHARITY_LIMITS.messageBody, `The message can be at most ${CHARITY_LIMITS.messageBody} characters`),
  runnerProfileIds: z
    .array(z.uuid({ error: 'runnerProfileIds must be page ids' }), { error: 'Please choose the runners' })
    .min(1, 'Please choose the runners')
    .max(CHARITY_LIMITS.messageRecipients, `At most ${CHARITY_LIMITS.messageRecipients} runners at a time`),
});
export type CharityMessageRequest = z.infer<typeof charityMessageRequestSchema>;

const totalsSchema = z.array(z.object({ currency: z.string(), raised: z.string(), donors: z.number().int() }));

export const charitySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  website: z.string(),
  registeredNumber: z.string().nullable(),
  country: z.string(),
  mission: z.string(),
  verified: z.boolean(),
  /** Per currency: nothing converts currencies. */
  totals: totalsSchema,
  runnerCount: z.number().int(),
  teamCount: z.number().int(),
  miles: z.number(),
  isStaff: z.boolean(),
});
export type Charity = z.infer<typeof charitySchema>;

export const charityResponseSchema = z.object({ charity: charitySchema });
export type CharityResponse = z.infer<typeof charityResponseSchema>;

export const charityDirectoryResponseSchema = z.object({
  charities: z.array(charitySchema),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type CharityDirectoryResponse = z.infer<typeof charityDirectoryResponseSchema>;

export const charityPublicRunnerSchema = z.object({
  runnerProfileId: z.uuid(),
  pageSlug: z.string(),
  name: z.string(),
  raised: z.string(),
  currency: z.string(),
  goal: z.string(),
  percentOfGoal: z.number(),
  donors: z.number().int(),
  miles: z.number(),
  eventName: z.string().nullable(),
});
export type CharityPublicRunner = z.infer<typeof charityPublicRunnerSchema>;

/** GET /api/charities/{slug}. */
export const charityPageResponseSchema = z.object({
  charity: charitySchema,
  runners: z.array(charityPublicRunnerSchema),
  teams: z.array(z.object({ slug: z.string(), name: z.string(), raised: z.string(), currency: z.string() })),
  /**
   * The races its published runners run: `id` and `slug` (its address, `/events/{slug}`) of the
   * event in the directory, both null for a race not in it.
   */
  events: z.array(
    z.object({
      id: z.uuid().nullable(),
      slug: z.string().nullable(),
      name: z.string(),
      date: z.string().nullable(),
      runnerCount: z.number().int(),
    }),
  ),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type CharityPageResponse = z.infer<typeof charityPageResponseSchema>;

export const charityStaffMemberSchema = z.object({
  /** Null for an invitation not accepted yet. */
  userId: z.uuid().nullable(),
  email: z.string(),
  role: z.enum(CHARITY_ROLES),
  status: z.enum(['active', 'invited']),
});
export type CharityStaffMember = z.infer<typeof charityStaffMemberSchema>;
export const charityStaffResponseSchema = z.object({ staff: z.array(charityStaffMemberSchema) });
export type CharityStaffResponse = z.infer<typeof charityStaffResponseSchema>;

export const charityConsoleRunnerSchema = z.object({
  runnerProfileId: z.uuid(),
  name: z.string(),
  pageSlug: z.string(),
  published: z.boolean(),
  eventName: z.string().nullable(),
  raceDate: z.string().nullable(),
  platform: z.string().nullable(),
  raised: z.string(),
  currency: z.string(),
  goal: z.string(),
  percentOfGoal: z.number(),
  donors: z.number().int(),
  lastDonationAt: z.string().nullable(),
  miles: z.number(),
  lastRunAt: z.string().nullable(),
  flags: z.array(z.enum(CHARITY_RUNNER_FLAGS)),
});
export type CharityConsoleRunner = z.infer<typeof charityConsoleRunnerSchema>;

/** GET /api/charities/{id}/runners.csv: its columns, then one row a runner of the console. */
export const CHARITY_RUNNERS_CSV_HEADER = [
  'name',
  'page address',
  'published',
  'event',
  'race date',
  'platform',
  'raised',
  'currency',
  'goal',
  'percent of goal',
  'donors',
  'last donation',
  'miles',
  'last run',
  'flags',
] as const;

/** A console runner's cells, in CHARITY_RUNNERS_CSV_HEADER's order. */
export function charityRunnerCsvCells(r: CharityConsoleRunner): (string | number | null)[] {
  return [
    r.name,
    r.pageSlug,
    r.published ? 'yes' : 'no',
    r.eventName,
    r.raceDate,
    r.platform,
    r.raised,
    r.currency,
    r.goal,
    r.percentOfGoal,
    r.donors,
    r.lastDonationAt,
    r.miles,
    r.lastRunAt,
    r.flags.join(' '),
  ];
}
export const charityRunnersResponseSchema = z.object({
  runners: z.array(charityConsoleRunnerSchema),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type CharityRunnersResponse = z.infer<typeof charityRunnersResponseSchema>;

export const charityMessageResponseSchema = z.object({ queued: z.number().int() });
export type CharityMessageResponse = z.infer<typeof charityMessageResponseSchema>;
