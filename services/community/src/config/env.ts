import { baseEnvSchema, mailEnvSchema, parseEnv } from '@runpledge/server-kit';
import { z } from 'zod';

export const communityEnvSchema = baseEnvSchema.extend({
  ...mailEnvSchema.shape,
  /** Prefix of every Redis key; the worker's queues live under it too. */
  REDIS_PREFIX: z.string().default('rp:'),
  /**
   * Owners whose past-due grace ran out (no event says so) are looked for this often, so their pages
   * leave their groups' standings.
   */
  ACCESS_LAPSE_SWEEP_EVERY_SECONDS: z.coerce.number().int().positive().default(60),
  /** The site's address, for the links in charity mails. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
});
export type CommunityEnv = z.infer<typeof communityEnvSchema>;

export const env: CommunityEnv = parseEnv(communityEnvSchema);
