import { z } from 'zod';
import { FIELD_LIMITS, RESERVED_SLUGS, SAMPLE_PAGE_SLUG_PREFIX } from '../common/limits.js';
import { calendarDate, textField } from '../common/text.js';
import { DONATION_PLATFORMS } from './donation-links.js';
import { TOTALS_SOURCES } from './fundraising-totals.js';
import { fundraisingGoalSchema, fundsRaisedSchema, totalDonorsSchema } from './fundraising-totals.schemas.js';

/** What profiles knows of an account, from identity's events. */
export const accountSchema = z.object({
  userId: z.uuid(),
  email: z.email(),
  registeredAt: z.iso.datetime(),
});
export type Account = z.infer<typeof accountSchema>;
export const getAccountRequestSchema = z.object({ userId: z.uuid() });

export const SLUG_PATTERN = /^[a-z0-9-]+$/;

export const urlSlugSchema = z
  .string({ error: 'Please choose a page address' })
  .min(1, 'Please choose a page address')
  .max(FIELD_LIMITS.urlSlug, `The page address can be at most ${FIELD_LIMITS.urlSlug} characters`)
  .regex(SLUG_PATTERN, 'The page address may only contain lowercase letters, numbers and hyphens')
  .refine(
    (slug) => !(RESERVED_SLUGS as readonly string[]).includes(slug) && !slug.startsWith(SAMPLE_PAGE_SLUG_PREFIX),
    {
      message: 'This page address is reserved. Please choose another.',
    },
  );

const text = (label: string, max: number) =>
  textField(label, { error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} can be at most ${max} characters`);

/** http(s) and parseable, so links built from it (spec 9) never fail. */
function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/[^\s]+$/i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

const optionalUrl = (label: string) =>
  textField(label)
    .trim()
    .max(FIELD_LIMITS.charityLink, `${label} can be at most ${FIELD_LIMITS.charityLink} characters`)
    .refine((value) => value === '' || isWebAddress(value), `${label} must be a web address (https://…)`)
    .transform((value) => (value === '' ? null : value))
    .nullish();

export const DONORDRIVE_PARTICIPANT_ID_MESSAGE = 'The DonorDrive participant ID may only contain digits';

/** Non-numbers become 0 (spec 5); then the range is checked. */
const wholeNumber = (min: number, max: number, label: string) =>
  z.preprocess(
    (value) => {
      if (value === '' || value === null || value === undefined) return 0;
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? n : 0;
    },
    z
      .number()
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be between ${min} and ${max}`)
      .max(max, `${label} must be between ${min} and ${max}`),
  );

/** Required, as in the challenge dialog ('Please fill in all fields'): an empty field is not 0. */
export const challengeAmountSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce
    .number({ error: 'Please fill in all fields' })
    .min(FIELD_LIMITS.challengeAmountMin, 'The amount must be between 0 and 10000')
    .max(FIELD_LIMITS.challengeAmountMax, 'The amount must be between 0 and 10000')
    .refine((n) => Math.round(n * 100) === Math.round(n * 100 * 1e6) / 1e6, 'The amount can have at most 2 decimals'),
);

export const challengeInputSchema = z.object({
  amount: challengeAmountSchema,
  description: textField('The description', { error: 'Please fill in all fields' })
    .trim()
    .min(1, 'Please fill in all fields')
    .max(FIELD_LIMITS.challengeDescription, 'The description can be at most 500 characters'),
  isExclusive: z.boolean().default(false),
});
export type ChallengeInput = z.infer<typeof challengeInputSchema>;

export const MAX_CHALLENGES = 50;

/** Renames the snake_case keys of the saved sign-up form (spec 3) to the camelCase the API speaks. */
const SNAKE_TO_CAMEL: Record<string, string> = {
  url_slug: 'urlSlug',
  slug: 'urlSlug',
  marathon_name: 'marathonName',
  marathon_date: 'marathonDate',
  goal_hours: 'goalHours',
  goal_minutes: 'goalMinutes',
  donation_platform: 'donationPlatform',
  charity_link: 'charityLink',
  connect_strava: 'connectStrava',
  hakuFundraisingPage: 'hakuDonationUrl',
  haku_donation_url: 'hakuDonationUrl',
  donor_drive_event_url: 'donorDriveEventUrl',
  donor_drive_participant_id: 'donorDriveParticipantId',
  just_giving_page_short_name: 'justGivingPageShortName',
  fundraising_goal: 'fundraisingGoal',
  is_exclusive: 'isExclusive',
  runner_profile_id: 'runnerProfileId',
  challenge_ids: 'challengeIds',
};
function camelize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelize);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const target = SNAKE_TO_CAMEL[key] ?? key;
    if (!(target in out) || out[target] === undefined || out[target] === '') out[target] = camelize(v);
  }
  return out;
}

/** Editable profile fields with the limits of spec 5 (without the platform cross-checks). */
export const profileFieldsSchema = z.object({
  name: text('Your name', FIELD_LIMITS.name),
  marathonName: text('Marathon name', FIELD_LIMITS.marathonName),
  marathonDate: calendarDate('Please select a marathon date.'),
  goalHours: wholeNumber(FIELD_LIMITS.goalHoursMin, FIELD_LIMITS.goalHoursMax, 'Goal hours'),
  goalMinutes: wholeNumber(FIELD_LIMITS.goalMinutesMin, FIELD_LIMITS.goalMinutesMax, 'Goal minutes'),
  description: textField('Your story', { error: 'Story cannot be empty' })
    .trim()
    .min(1, 'Story cannot be empty')
    .max(FIELD_LIMITS.description, `Your story can be at most ${FIELD_LIMITS.description} characters`),
  donationPlatform: z.enum(DONATION_PLATFORMS, { error: 'Please select a donation platform.' }),
  charityLink: optionalUrl('The charity link'),
  donorDriveEventUrl: optionalUrl('The DonorDrive event URL'),
  donorDriveParticipantId: textField('The DonorDrive participant ID')
    .trim()
    .max(50, 'The DonorDrive participant ID is too long')
    .regex(/^\d*$/, DONORDRIVE_PARTICIPANT_ID_MESSAGE)
    .nullish(),
  justGivingPageShortName: textField('The JustGiving page short name')
    .trim()
    .max(100, 'The JustGiving page short name is too long')
    .regex(/^[A-Za-z0-9_-]*$/, 'The JustGiving page short name may only contain letters, numbers, - and _')
    .nullish(),
  hakuDonationUrl: optionalUrl('The Haku fundraising page URL'),
  connectStrava: z.boolean().default(false),
  fundraisingGoal: fundraisingGoalSchema.optional(),
  fundsRaised: fundsRaisedSchema.optional(),
  totalDonors: totalDonorsSchema.optional(),
});

type PlatformFields = Pick<
  z.infer<typeof profileFieldsSchema>,
  | 'donationPlatform'
  | 'charityLink'
  | 'donorDriveEventUrl'
  | 'donorDriveParticipantId'
  | 'justGivingPageShortName'
  | 'hakuDonationUrl'
>;

/** Spec 5: the field each platform needs, with the spec's own message. */
export function platformProblem(p: PlatformFields): { path: string; message: string } | null {
  switch (p.donationPlatform) {
    case 'haku':
      return p.hakuDonationUrl
        ? null
        : { path: 'hakuDonationUrl', message: 'Please enter your Haku fundraising page URL.' };
    case 'donordrive':
      if (!p.donorDriveEventUrl)
        return { path: 'donorDriveEventUrl', message: 'Please enter your DonorDrive event URL.' };
      return p.donorDriveParticipantId
        ? null
        : { path: 'donorDriveParticipantId', message: 'Please enter your DonorDrive participant ID.' };
    case 'justgiving':
      return p.justGivingPageShortName
        ? null
        : { path: 'justGivingPageShortName', message: 'Please enter your JustGiving page short name.' };
    case 'other':
      return p.charityLink ? null : { path: 'charityLink', message: 'Please enter your charity donation page link.' };
  }
}

export const createProfileRequestSchema = z.preprocess(
  camelize,
  profileFieldsSchema
    .extend({
      urlSlug: urlSlugSchema,
      challenges: z.array(challengeInputSchema).max(MAX_CHALLENGES, `At most ${MAX_CHALLENGES} challenges`).default([]),
    })
    .superRefine((value, ctx) => {
      const problem = platformProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    }),
);
export type CreateProfileRequest = z.infer<typeof createProfileRequestSchema>;

/**
 * PUT: any editable field, the slug too (the old address keeps leading to the page: profiles keeps
 * it as a redirect). Absent fields stay as they are, so nothing here has a default; the service
 * re-checks the platform rule on the merged result.
 */
export const updateProfileRequestSchema = z.preprocess(
  camelize,
  profileFieldsSchema.extend({ connectStrava: z.boolean(), urlSlug: urlSlugSchema }).partial(),
);
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const challengeSchema = z.object({
  id: z.uuid(),
  runnerProfileId: z.uuid(),
  amount: z.number(),
  description: z.string(),
  isExclusive: z.boolean(),
  position: z.number().int(),
  /** The claimer's name for a claimed exclusive challenge, else null. */
  claimedBy: z.string().nullable(),
  /** How many supporters have chosen it. */
  claimCount: z.number().int(),
});
export type Challenge = z.infer<typeof challengeSchema>;

export const profileSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  urlSlug: z.string(),
  name: z.string(),
  marathonName: z.string(),
  marathonDate: z.string(),
  goalHours: z.number().int(),
  goalMinutes: z.number().int(),
  charityLink: z.string().nullable(),
  description: z.string(),
  connectStrava: z.boolean(),
  donationPlatform: z.enum(DONATION_PLATFORMS),
  donorDriveEventUrl: z.string().nullable(),
  donorDriveParticipantId: z.string().nullable(),
  justGivingPageShortName: z.string().nullable(),
  hakuDonationUrl: z.string().nullable(),
  donationUrl: z.string().nullable(),
  fundsRaised: z.string(),
  fundraisingGoal: z.string(),
  totalDonors: z.number().int(),
  /** ISO 4217, from the platform (JustGiving pages are often GBP); USD by default. */
  fundraisingCurrency: z.string(),
  totalsSource: z.enum(TOTALS_SOURCES),
  /** When the platform's totals were last read; null for manual totals or before the first sync. */
  totalsSyncedAt: z.iso.datetime().nullable(),
  fundraisingChallenges: z.array(challengeSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Profile = z.infer<typeof profileSchema>;

/** What profiles answers for a slug: the same for every caller, so the gateway may cache it. */
export type PublicProfileView = Profile & {
  /** The owner's subscription gives access (trialing, active, lifetime, past due within grace). */
  published: boolean;
};

/**
 * GET /api/runner-profile/{slug}: the profile as the caller sees it. A visitor's view has no
 * `userId` (API.md: "The public view has no userId"); the owner's has it for the dashboard.
 */
export type ProfileView = Omit<PublicProfileView, 'userId'> & { isOwner: boolean; userId?: string };

/** The view a caller gets: the owner's in full, anyone else's without the runner's user id. */
export function profileViewFor(view: PublicProfileView, isOwner: boolean): ProfileView {
  if (isOwner) return { ...view, isOwner };
  const { userId: _internal, ...visible } = view;
  return { ...visible, isOwner };
}

export const profileSummarySchema = profileSchema
  .pick({
    id: true,
    name: true,
    urlSlug: true,
    marathonName: true,
    marathonDate: true,
    description: true,
    fundsRaised: true,
    fundraisingGoal: true,
    fundraisingCurrency: true,
  })
  .extend({ published: z.boolean() });
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

/** GET /api/slug-availability?slug= (live check on the sign-up form). */
export interface SlugAvailability {
  slug: string;
  available: boolean;
  /** Why it is not available, in words for the form. */
  message?: string;
}

/** A supporter's name, as encouragement and challenge claims take it: 1-100 characters. */
export const supporterNameSchema = (requiredMessage: string) =>
  textField('Your name', { error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(FIELD_LIMITS.senderName, `Your name can be at most ${FIELD_LIMITS.senderName} characters`);

export const encouragementRequestSchema = z.object({
  runnerProfileId: z.uuid('Runner profile not found'),
  senderName: supporterNameSchema('Both name and message are required'),
  message: textField('The message', { error: 'Both name and message are required' })
    .trim()
    .min(1, 'Both name and message are required')
    .max(
      FIELD_LIMITS.encouragementMessage,
      `The message can be at most ${FIELD_LIMITS.encouragementMessage} characters`,
    ),
});
export type EncouragementRequest = z.infer<typeof encouragementRequestSchema>;

export const RUNNER_PROFILE_NOT_FOUND = 'Runner profile not found';
export const SLUG_TAKEN_MESSAGE = 'This page address is already taken. Please choose another.';
export const CHALLENGE_NOT_FOUND = 'Challenge not found';
export const CHALLENGE_ORDER_MISMATCH = "The new order must list each of the page's challenges exactly once";
export const TOO_MANY_CHALLENGES = `A page can have at most ${MAX_CHALLENGES} challenges`;

/** POST /api/fundraising-challenges. */
export const createChallengeRequestSchema = z.preprocess(
  camelize,
  challengeInputSchema.extend({ runnerProfileId: z.uuid(RUNNER_PROFILE_NOT_FOUND) }),
);
export type CreateChallengeRequest = z.infer<typeof createChallengeRequestSchema>;

/** PUT /api/fundraising-challenges/{id}: the same body; a challenge stays on its page. */
export const updateChallengeRequestSchema = z.preprocess(camelize, challengeInputSchema);

/** PUT /api/runner-profile/{id}/challenge-order (drag to reorder). */
export const challengeOrderRequestSchema = z.preprocess(
  camelize,
  z.object({
    challengeIds: z
      .array(z.uuid(CHALLENGE_ORDER_MISMATCH), { error: CHALLENGE_ORDER_MISMATCH })
      .max(MAX_CHALLENGES, CHALLENGE_ORDER_MISMATCH),
  }),
);

export const encouragementSchema = z.object({
  id: z.uuid(),
  runnerProfileId: z.uuid(),
  senderName: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
});
export type Encouragement = z.infer<typeof encouragementSchema>;

// Request-reply payloads between the gateway and profiles. `userId` is always the signed-in
// caller as the gateway's session check established it, never a value from the request body.
const caller = { userId: z.uuid() };

export const createProfileCommandSchema = z.object({ ...caller, profile: createProfileRequestSchema });
export const getProfileBySlugQuerySchema = z.object({ slug: z.string() });
/**
 * Whether a viewer may read a page's public data (fitness reads): by page id, or by runner for the
 * activities list. An unknown page, or one not published to anyone but its owner, is 404. The
 * answer names the page's runner, for the gateway to read their activities by page.
 */
export const pageVisibilityQuerySchema = z
  .object({
    profileId: z.uuid().optional(),
    userId: z.uuid().optional(),
    viewerUserId: z.uuid().optional(),
  })
  .refine((q) => q.profileId !== undefined || q.userId !== undefined, 'profileId or userId is required');
export type PageVisibilityQuery = z.infer<typeof pageVisibilityQuerySchema>;
export interface PageVisibility {
  visible: true;
  /** The page's runner: for the gateway only, never sent to a visitor. */
  userId: string;
}
export const updateProfileCommandSchema = z.object({
  ...caller,
  profileId: z.uuid(),
  changes: updateProfileRequestSchema,
});
/** Delete a page, or list its encouragement: the caller and the page. */
export const ownedProfileCommandSchema = z.object({ ...caller, profileId: z.uuid() });
export const listOwnProfilesQuerySchema = z.object(caller);
/** `requestedUserId` is the `userId` query parameter; only the caller's own is allowed. */
export const latestSlugQuerySchema = z.object({ ...caller, requestedUserId: z.string().optional() });
export const slugAvailabilityQuerySchema = z.object({ slug: z.string() });
export const reorderChallengesCommandSchema = z.object({
  ...caller,
  profileId: z.uuid(),
  order: challengeOrderRequestSchema,
});
export const createChallengeCommandSchema = z.object({ ...caller, challenge: createChallengeRequestSchema });
export const updateChallengeCommandSchema = z.object({
  ...caller,
  challengeId: z.uuid(),
  challenge: updateChallengeRequestSchema,
});
export const ownedChallengeCommandSchema = z.object({ ...caller, challengeId: z.uuid() });
