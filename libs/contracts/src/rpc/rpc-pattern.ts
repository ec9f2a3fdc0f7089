/** Names of the five back-end services; each listens in a NATS queue group of the same name. */
export const SERVICE_NAMES = ['identity', 'profiles', 'billing', 'fitness', 'community'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** `<service>.<resource>.<verb>` request-reply pattern. */
export type RpcPattern = `${ServiceName}.${string}.${string}`;

/** Every service answers this ping with its name; the gateway's readiness check uses it. */
export function healthPattern<S extends ServiceName>(service: S): `${S}.health.ping` {
  return `${service}.health.ping`;
}

/** Every service answers what it holds about a user for "export my data" (GET /api/account/export). */
export function accountExportPattern<S extends ServiceName>(service: S): `${S}.account.export` {
  return `${service}.account.export`;
}
