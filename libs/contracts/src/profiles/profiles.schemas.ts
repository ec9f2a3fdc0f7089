import { z } from 'zod';

/** What profiles knows of an account, from identity's events. */
export const accountSchema = z.object({
  userId: z.uuid(),
  email: z.email(),
  registeredAt: z.iso.datetime(),
});
export type Account = z.infer<typeof accountSchema>;
export const getAccountRequestSchema = z.object({ userId: z.uuid() });
