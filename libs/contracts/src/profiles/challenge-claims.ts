import { z } from 'zod';
import { FIELD_LIMITS } from '../common/limits.js';
import { supporterNameSchema } from './profiles.schemas.js';

/** POST /api/fundraising-challenges/{id}/claims: the supporter's name (1-100) and an optional message (0-500). */
export const CLAIM_LIMITS = { name: FIELD_LIMITS.senderName, message: 500 } as const;

export const CLAIM_NAME_REQUIRED = 'Please enter your name';
export const CHALLENGE_ALREADY_CLAIMED = 'This challenge has already been claimed';
export const CLAIM_NOT_FOUND = 'Claim not found';

/** Control characters other than newline and tab have no place in text people typed. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const claimChallengeRequestSchema = z.object({
  name: supporterNameSchema(CLAIM_NAME_REQUIRED).refine(
    (value) => !CONTROL_CHARACTERS.test(value),
    'Your name cannot contain control characters',
  ),
  message: z
    .string({ error: 'The message must be text' })
    .trim()
    .max(CLAIM_LIMITS.message, `The message can be at most ${CLAIM_LIMITS.message} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'The message cannot contain control characters')
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type ClaimChallengeRequest = z.infer<typeof claimChallengeRequestSchema>;

/** What everyone may know of a claim: the name the supporter gave, never their message. */
export const challengeClaimSchema = z.object({ id: z.uuid(), name: z.string(), createdAt: z.iso.datetime() });
export type ChallengeClaim = z.infer<typeof challengeClaimSchema>;

/** 201 of the claim: where to go on and donate the challenge's amount (preset where the platform allows). */
export interface ClaimChallengeResponse {
  claim: ChallengeClaim;
  donationUrl: string | null;
}

/** What profiles answers the gateway: the response plus the page, whose cached view the gateway drops. */
export interface ClaimChallengeResult extends ClaimChallengeResponse {
  runnerProfileId: string;
}

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

// Request-reply payloads between the gateway and profiles (`userId` is the session's caller).
export const claimChallengeCommandSchema = z.object({ challengeId: z.uuid(), claim: claimChallengeRequestSchema });
export const releaseClaimCommandSchema = z.object({ userId: z.uuid(), challengeId: z.uuid(), claimId: z.uuid() });
export const listOwnClaimsQuerySchema = z.object({ userId: z.uuid() });
