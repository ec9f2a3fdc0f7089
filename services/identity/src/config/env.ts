import { baseEnvSchema, parseEnv } from '@runpledge/server-kit';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const env = parseEnv(
  baseEnvSchema.extend({
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    /** smtp(s)://user:pass@host:port; unset: mails go to OUTBOX_DIR. */
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('RunPledge <no-reply@runpledge.local>'),
    OUTBOX_DIR: z.string().default(fileURLToPath(new URL('../../../../.runtime/outbox', import.meta.url))),
  }),
);
