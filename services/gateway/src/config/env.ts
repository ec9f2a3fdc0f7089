import { baseEnvSchema, parseEnv } from '@runpledge/server-kit';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const defaultWebDist = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

export const gatewayEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  WEB_DIST: z.string().default(defaultWebDist),
  /** Deadline of every request the gateway sends over NATS. */
  RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Deadline of each service's ping in the readiness check. */
  HEALTH_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(2000),
  /** After SIGTERM: how long readiness answers 503 before the server stops taking requests. */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;

export const env: GatewayEnv = parseEnv(gatewayEnvSchema);
