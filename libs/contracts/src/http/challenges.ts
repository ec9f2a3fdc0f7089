import { z } from 'zod';
import { FIELD_LIMITS } from '../product/limits.js';
import { CHALLENGE_ORDER_MISMATCH, MAX_CHALLENGES, RUNNER_PROFILE_NOT_FOUND } from '../product/profile-messages.js';
import { textField } from '../product/text.js';
import { camelize } from './camelize.js';

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
