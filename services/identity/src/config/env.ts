import { baseEnvSchema, mailEnvSchema, parseEnv } from '@runpledge/server-kit';
import { z } from 'zod';

export const env = parseEnv(
  baseEnvSchema.extend({
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    ...mailEnvSchema.shape,
  }),
);
