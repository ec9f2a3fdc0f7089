import { z } from 'zod';
import { serviceAccountDataSchema } from '../http/account.js';
import { accountOwnerSchema } from './identity.requests.js';
import { emptyRequestSchema, rpcContract } from './rpc-contract.js';
import { accountExportPattern, healthPattern, SERVICE_NAMES, type ServiceName } from './rpc-pattern.js';

/** What a service answers its health ping: its name, once it can reach its database. */
export const healthPingReplySchema = z.object({
  service: z.enum(SERVICE_NAMES),
  status: z.literal('ok'),
  uptimeSeconds: z.number().int().nonnegative(),
});
export type HealthPingReply = z.infer<typeof healthPingReplySchema>;

const healthPing = rpcContract(emptyRequestSchema, healthPingReplySchema);
const accountExport = rpcContract(accountOwnerSchema, serviceAccountDataSchema);

type SharedRpcTable = { readonly [S in ServiceName as `${S}.health.ping`]: typeof healthPing } & {
  readonly [S in ServiceName as `${S}.account.export`]: typeof accountExport;
};

/**
 * The patterns every service answers, typed once for all five: the health ping (the gateway's
 * readiness) and the account export (GET /api/account/export gathers one from each).
 */
export const SHARED_RPC = Object.fromEntries(
  SERVICE_NAMES.flatMap((service) => [
    [healthPattern(service), healthPing],
    [accountExportPattern(service), accountExport],
  ]),
) as SharedRpcTable;
