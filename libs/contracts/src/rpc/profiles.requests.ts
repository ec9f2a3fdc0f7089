import { z } from 'zod';
import { claimChallengeRequestSchema } from '../http/challenge-claims.js';
import {
  challengeOrderRequestSchema,
  createChallengeRequestSchema,
  updateChallengeRequestSchema,
} from '../http/challenges.js';
import { donationsPageNumberSchema } from '../http/donations.js';
import { INSIGHTS_MAX_DAYS, pageEventRequestSchema } from '../http/page-insights.js';
import { createProfileRequestSchema, updateProfileRequestSchema } from '../http/profiles.js';

/** What profiles knows of an account, from identity's events. */
export const accountSchema = z.object({
  userId: z.uuid(),
  email: z.email(),
  registeredAt: z.iso.datetime(),
});
export type Account = z.infer<typeof accountSchema>;
export const getAccountRequestSchema = z.object({ userId: z.uuid() });

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
export const pageVisibilitySchema = z.object({
  visible: z.literal(true),
  /** The page's runner: for the gateway only, never sent to a visitor. */
  userId: z.uuid(),
});
export type PageVisibility = z.infer<typeof pageVisibilitySchema>;
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

export const claimChallengeCommandSchema = z.object({ challengeId: z.uuid(), claim: claimChallengeRequestSchema });
export const releaseClaimCommandSchema = z.object({ userId: z.uuid(), challengeId: z.uuid(), claimId: z.uuid() });
export const listOwnClaimsQuerySchema = z.object({ userId: z.uuid() });

export const recordPageEventCommandSchema = z.object({
  profileId: z.uuid(),
  event: pageEventRequestSchema,
  /** Only hashed with the day's salt, never stored: who counts once as a unique visitor. */
  visitor: z.object({ ip: z.string().max(100), userAgent: z.string().max(1000) }),
});
export type RecordPageEventCommand = z.infer<typeof recordPageEventCommandSchema>;

export const pageInsightsQuerySchema = z.object({
  userId: z.uuid(),
  profileId: z.uuid(),
  days: z.number().int().min(1).max(INSIGHTS_MAX_DAYS),
});
export type PageInsightsQuery = z.infer<typeof pageInsightsQuerySchema>;

export const refreshTotalsCommandSchema = z.object({ userId: z.uuid(), profileId: z.uuid() });
export const listDonationsQuerySchema = z.object({
  profileId: z.uuid(),
  page: donationsPageNumberSchema,
  /** The signed-in caller, when any: an owner sees their unpublished page's donations too. */
  userId: z.uuid().optional(),
});
