import { baseEnvSchema, parseEnv } from '@runpledge/server-kit';
import { z } from 'zod';

export const communityEnvSchema = baseEnvSchema.extend({
  /** Prefix of every Redis key; the worker's queues live under it too. */
  REDIS_PREFIX: z.string().default('rp:'),
  /**
   * Owners whose past-due grace ran out (no event says so) are looked for this often, so their pages
   * leave their groups' standings.
   */
  ACCESS_LAPSE_SWEEP_EVERY_SECONDS: z.coerce.number().int().positive().default(60),
});
export type CommunityEnv = z.infer<typeof communityEnvSchema>;

export const env: CommunityEnv = parseEnv(communityEnvSchema);
