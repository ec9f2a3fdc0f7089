// The environment variables the code reads, taken from the zod schemas of the env.ts files, so the
// deployment files can be checked against them (a misspelt name is silently ignored at run time).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './k8s.js';

const ENV_FILES = [
  'libs/server-kit/src/config/env.ts',
  'libs/server-kit/src/mail/mailer.ts',
  'services/gateway/src/config/env.ts',
  'services/identity/src/config/env.ts',
  'services/profiles/src/config/env.ts',
  'services/billing/src/config/env.ts',
  'services/fitness/src/config/env.ts',
  'services/community/src/config/env.ts',
];

/** Read by the OpenTelemetry SDK itself (sampling, the signals other than traces), set in k8s/base. */
export const SDK_ENV_VARS = [
  'OTEL_TRACES_SAMPLER',
  'OTEL_TRACES_SAMPLER_ARG',
  'OTEL_METRICS_EXPORTER',
  'OTEL_LOGS_EXPORTER',
];

/** Read by the runtime itself: Node's flags (heap limits) and glibc's allocator (arenas), set per Deployment. */
export const RUNTIME_ENV_VARS = ['NODE_OPTIONS', 'MALLOC_ARENA_MAX'];

/** Announced by the billing and fitness issues; deployment files wire them already. */
export const COMING_ENV_VARS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRAVA_CLIENT_ID',
  'STRAVA_CLIENT_SECRET',
  'TOKEN_ENCRYPTION_KEY',
];

export function codeEnvVars(): string[] {
  const names = new Set<string>();
  for (const file of ENV_FILES) {
    const source = readFileSync(join(ROOT, file), 'utf8');
    for (const match of source.matchAll(/^\s+([A-Z][A-Z0-9_]+):\s/gm)) names.add(match[1]!);
  }
  // The standard OpenTelemetry variables server-kit reads itself (telemetry/config.ts); the SDK reads more.
  const telemetry = readFileSync(join(ROOT, 'libs/server-kit/src/telemetry/config.ts'), 'utf8');
  for (const match of telemetry.matchAll(/env\.(OTEL_[A-Z0-9_]+)/g)) names.add(match[1]!);
  return [...names].sort();
}

export function knownEnvVars(): Set<string> {
  return new Set([...codeEnvVars(), ...COMING_ENV_VARS, ...SDK_ENV_VARS, ...RUNTIME_ENV_VARS]);
}
