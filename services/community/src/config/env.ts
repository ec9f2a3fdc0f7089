import { baseEnvSchema, parseEnv } from '@runpledge/server-kit';
import { z } from 'zod';

export const communityEnvSchema = baseEnvSchema.extend({
  /** Prefix of every Redis key; the worker's queues live under it too. */
  REDIS_PREFIX: z.string().default('rp:'),
});
export type CommunityEnv = z.infer<typeof communityEnvSchema>;

export const env: CommunityEnv = parseEnv(communityEnvSchema);
