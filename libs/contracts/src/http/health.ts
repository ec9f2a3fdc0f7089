import { z } from 'zod';
import { SERVICE_NAMES } from '../rpc/rpc-pattern.js';

/** GET /api/health/live: the process runs (no dependency is asked). */
export const livenessSchema = z.object({ status: z.literal('ok') });
export type Liveness = z.infer<typeof livenessSchema>;

/**
 * GET /api/health/ready. `ok`: the gateway and every service are up; `degraded`: the gateway can serve
 * (200) but some service is down; `unavailable`: the gateway itself cannot serve (503).
 */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  services: z.record(z.enum(SERVICE_NAMES), z.enum(['up', 'down'])),
  failing: z.array(z.string()),
});
export type Readiness = z.infer<typeof readinessSchema>;
