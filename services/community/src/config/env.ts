import { baseEnvSchema, mailEnvSchema, parseEnv } from '@runpledge/server-kit';
import { z } from 'zod';

export const communityEnvSchema = baseEnvSchema.extend({
  ...mailEnvSchema.shape,
  /** A team captain's digest of new members gathers the joins of this long (a day) into one mail. */
  TEAM_DIGEST_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(24 * 3_600_000),
  /** Prefix of every Redis key; the worker's queues live under it too. */
  REDIS_PREFIX: z.string().default('rp:'),
  /**
   * Owners whose past-due grace ran out (no event says so) are looked for this often, so their pages
   * leave their groups' standings.
   */
  ACCESS_LAPSE_SWEEP_EVERY_SECONDS: z.coerce.number().int().positive().default(60),
  /** The site's address, for the links in team and charity mails (a page, "no more mail", verification, invitations). */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
});
export type CommunityEnv = z.infer<typeof communityEnvSchema>;

export const env: CommunityEnv = parseEnv(communityEnvSchema);
