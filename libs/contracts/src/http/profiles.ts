import { z } from 'zod';
import { eventRefSchema } from './events.js';
import { isTimeZone } from '../product/events.js';
import { raceResultSchema } from './race-day.js';
import { DONATION_PLATFORMS, platformProblem } from '../product/donation-links.js';
import { TOTALS_SOURCES } from '../product/fundraising-totals.js';
import { FIELD_LIMITS, RESERVED_SLUGS, SAMPLE_PAGE_SLUG_PREFIX } from '../product/limits.js';
import { DISTANCE_UNITS } from '../product/pledges.js';
import { DONORDRIVE_PARTICIPANT_ID_MESSAGE, MAX_CHALLENGES } from '../product/profile-messages.js';
import { calendarDate, oneLine, textField } from '../product/text.js';
import { CHARITY_NOT_LISTED } from '../product/charities.js';
import { camelize } from './camelize.js';
import { challengeInputSchema, challengeSchema } from './challenges.js';
import { currencySchema, fundraisingGoalSchema, fundsRaisedSchema, totalDonorsSchema } from './fundraising-totals.js';

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
  /** A listed charity (community's directory), or null to leave it: its name follows it. */
  charityId: z.uuid({ error: CHARITY_NOT_LISTED }).nullish(),
  /** The charity's name when it is not listed (ignored while `charityId` names one). */
  charityName: textField('The charity name')
    .transform(oneLine)
    .pipe(
      z
        .string()
        .trim()
        .max(FIELD_LIMITS.charityName, `The charity name can be at most ${FIELD_LIMITS.charityName} characters`),
    )
    .nullish(),
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
  /** Hand-typed totals only (a synced page's currency is its platform's). */
  fundraisingCurrency: currencySchema.optional(),
  /** The unit the page counts distance (and pledges) in; `mi` when left out on create. */
  distanceUnit: z.enum(DISTANCE_UNITS, { error: 'Please choose miles or kilometres.' }).optional(),
  /**
   * The event chosen from the directory (its name and date then replace `marathonName` and
   * `marathonDate`); without it, the typed name and date find or make the event.
   */
  eventId: z.uuid({ error: 'Please choose a marathon from the list.' }).nullish(),
  /**
   * The runner's own time zone (their browser's, IANA): a race the directory does not know yet is
   * run in it until an operator verifies the event. One this server does not know is ignored.
   */
  timeZone: z
    .string()
    .max(64)
    .optional()
    .transform((zone) => (zone && isTimeZone(zone) ? zone : undefined))
    .catch(undefined),
});

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
  profileFieldsSchema
    .extend({
      connectStrava: z.boolean(),
      urlSlug: urlSlugSchema,
      /**
       * The last day the page says it is still raising and syncs its totals (`YYYY-MM-DD`, race day
       * to a year after it); null goes back to the default, 30 days after race day.
       */
      raisingUntil: calendarDate('Please choose the last day of raising.').nullable(),
    })
    .partial(),
);
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

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
  /** The listed charity the page names, its name and address; or a typed name alone, or nothing. */
  charityId: z.uuid().nullable(),
  charityName: z.string().nullable(),
  charitySlug: z.string().nullable(),
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
  /** The unit the page counts distance and pledges in (`mi` by default). */
  distanceUnit: z.enum(DISTANCE_UNITS),
  fundraisingChallenges: z.array(challengeSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Profile = z.infer<typeof profileSchema>;

/** What profiles answers for a slug: the same for every caller, so the gateway may cache it. */
/** The team a page is a member of (not while its request is pending). */
export const pageTeamSchema = z.object({ slug: z.string(), name: z.string() }).nullable();
export type PageTeam = z.infer<typeof pageTeamSchema>;

export const publicProfileViewSchema = profileSchema.extend({
  /** The owner's subscription gives access (trialing, active, lifetime, past due within grace). */
  published: z.boolean(),
  team: pageTeamSchema,
  /** The race the page runs, in the events directory (`/events/{slug}`); null while not known. */
  event: eventRefSchema.nullable(),
  /** The runner's race: a finish with its time, did not finish, or null (not yet, or undone). */
  raceResult: raceResultSchema,
  /** Followers who confirmed their address. */
  followerCount: z.number().int().nonnegative(),
  /** The last day the page says it is still raising (`YYYY-MM-DD`): the runner's choice, else 30 days after race day. */
  raisingUntil: z.string(),
});
export type PublicProfileView = z.infer<typeof publicProfileViewSchema>;

/**
 * GET /api/runner-profile/{slug}: the profile as the caller sees it. A visitor's view has no
 * `userId` (API.md: "The public view has no userId"); the owner's has it for the dashboard.
 */
export const profileViewSchema = publicProfileViewSchema.omit({ userId: true }).extend({
  isOwner: z.boolean(),
  userId: z.uuid().optional(),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

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
export const slugAvailabilitySchema = z.object({
  slug: z.string(),
  available: z.boolean(),
  /** Why it is not available, in words for the form. */
  message: z.string().optional(),
});
export type SlugAvailability = z.infer<typeof slugAvailabilitySchema>;

/** GET /api/user/profile-slug: the address of the caller's newest page. */
export const latestSlugSchema = z.object({ slug: z.string() });
