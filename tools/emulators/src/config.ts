/** The CLI's environment, with the local defaults the rest of the stack expects. */
export interface EmulatorsConfig {
  host: string;
  stripePort: number;
  stripeWebhookUrl: string;
  stripeWebhookSecret: string;
  stripePublicUrl: string | undefined;
  stravaPort: number;
  stravaClientId: string;
  stravaClientSecret: string;
  donorDrivePort: number;
  justGivingPort: number;
  justGivingApiKey: string;
  stravaLimits: {
    overallShort?: number;
    overallDaily?: number;
    readShort?: number;
    readDaily?: number;
    shortWindowMs?: number;
  };
}

export function readConfig(env: NodeJS.ProcessEnv): EmulatorsConfig {
  return {
    host: env.EMULATORS_HOST ?? '127.0.0.1',
    stripePort: port(env, 'STRIPE_EMULATOR_PORT', 12111),
    stripeWebhookUrl: env.STRIPE_WEBHOOK_URL ?? 'http://localhost:3000/api/webhooks/stripe',
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET ?? 'whsec_local_emulator',
    stripePublicUrl: env.STRIPE_EMULATOR_PUBLIC_URL || undefined,
    stravaPort: port(env, 'STRAVA_EMULATOR_PORT', 12112),
    stravaClientId: env.STRAVA_CLIENT_ID ?? 'local-client',
    stravaClientSecret: env.STRAVA_CLIENT_SECRET ?? 'local-secret',
    donorDrivePort: port(env, 'DONORDRIVE_EMULATOR_PORT', 12113),
    justGivingPort: port(env, 'JUSTGIVING_EMULATOR_PORT', 12114),
    justGivingApiKey: env.JUSTGIVING_API_KEY || 'local-justgiving-key',
    stravaLimits: stripUndefined({
      overallShort: optionalInt(env, 'STRAVA_RATE_LIMIT_OVERALL_SHORT'),
      overallDaily: optionalInt(env, 'STRAVA_RATE_LIMIT_OVERALL_DAILY'),
      readShort: optionalInt(env, 'STRAVA_RATE_LIMIT_READ_SHORT'),
      readDaily: optionalInt(env, 'STRAVA_RATE_LIMIT_READ_DAILY'),
      shortWindowMs: optionalInt(env, 'STRAVA_RATE_LIMIT_WINDOW_MS'),
    }),
  };
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = optionalInt(env, name) ?? fallback;
  if (value < 0 || value > 65_535) throw new Error(`${name} must be a port number (0-65535), got ${env[name]}`);
  return value;
}

function optionalInt(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a non-negative integer, got ${raw}`);
  return Number(raw);
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
