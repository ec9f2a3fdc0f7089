import { z } from 'zod';
import { SERVICE_NAMES } from '../common/rpc-pattern.js';

export const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  services: z.record(z.enum(SERVICE_NAMES), z.enum(['up', 'down'])),
  failing: z.array(z.string()),
});
export type Readiness = z.infer<typeof readinessSchema>;
