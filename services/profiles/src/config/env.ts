import { baseEnvSchema, mailEnvSchema, parseEnv } from '@runpledge/server-kit';
import { z } from 'zod';

export const env = parseEnv(
  baseEnvSchema.extend({
    ...mailEnvSchema.shape,
    /** Links in the owner's e-mails (e.g. a challenge claim) point here. */
    PUBLIC_URL: z.url().default('http://localhost:3000'),
  }),
);
