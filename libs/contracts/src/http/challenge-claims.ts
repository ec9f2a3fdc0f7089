import { z } from 'zod';
import { FIELD_LIMITS } from '../product/limits.js';
import { textField } from '../product/text.js';
import { supporterNameSchema } from './encouragement.js';

/** POST /api/fundraising-challenges/{id}/claims: the supporter's name (1-100) and an optional message (0-500). */
export const CLAIM_LIMITS = { name: FIELD_LIMITS.senderName, message: 500 } as const;

export const CLAIM_NAME_REQUIRED = 'Please enter your name';
export const CHALLENGE_ALREADY_CLAIMED = 'This challenge has already been claimed';
export const CLAIM_NOT_FOUND = 'Claim not found';
export const RELEASE_LINK_INVALID = 'This release link is no longer valid';

/** POST /api/challenge-claims/release-by-link: the token of a release link in the owner's claim mail. */
export const releaseClaimByLinkRequestSchema = z.object({
  token: z.string({ error: RELEASE_LINK_INVALID }).min(1, RELEASE_LINK_INVALID).max(200, RELEASE_LINK_INVALID),
});
export type ReleaseClaimByLinkRequest = z.infer<typeof releaseClaimByLinkRequestSchema>;

export const claimChallengeRequestSchema = z.object({
  // The one rule for text (common/text.ts) refuses control characters and lone surrogates.
  name: supporterNameSchema(CLAIM_NAME_REQUIRED),
  message: textField('The message', { error: 'The message must be text' })
    .trim()
    .max(CLAIM_LIMITS.message, `The message can be at most ${CLAIM_LIMITS.message} characters`)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type ClaimChallengeRequest = z.infer<typeof claimChallengeRequestSchema>;

/** What everyone may know of a claim: the name the supporter gave, never their message. */
export const challengeClaimSchema = z.object({ id: z.uuid(), name: z.string(), createdAt: z.iso.datetime() });
export type ChallengeClaim = z.infer<typeof challengeClaimSchema>;

/** 201 of the claim: where to go on and donate the challenge's amount (preset where the platform allows). */
export const claimChallengeResponseSchema = z.object({
  claim: challengeClaimSchema,
  donationUrl: z.string().nullable(),
});
export type ClaimChallengeResponse = z.infer<typeof claimChallengeResponseSchema>;

/** What profiles answers the gateway: the response plus the page, whose cached view the gateway drops. */
export const claimChallengeResultSchema = claimChallengeResponseSchema.extend({ runnerProfileId: z.uuid() });
export type ClaimChallengeResult = z.infer<typeof claimChallengeResultSchema>;

/** A claim as the page's owner sees it in the dashboard. */
export const ownerClaimSchema = z.object({
  id: z.uuid(),
  challengeId: z.uuid(),
  runnerProfileId: z.uuid(),
  urlSlug: z.string(),
  pageName: z.string(),
  amount: z.number(),
  description: z.string(),
  isExclusive: z.boolean(),
  name: z.string(),
  message: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type OwnerClaim = z.infer<typeof ownerClaimSchema>;
