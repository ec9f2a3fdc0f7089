import { BILLING } from './billing.patterns.js';
import { BILLING_RPC } from './billing.rpc.js';
import { FITNESS } from './fitness.patterns.js';
import { FITNESS_RPC } from './fitness.rpc.js';
import { IDENTITY } from './identity.patterns.js';
import { IDENTITY_RPC } from './identity.rpc.js';
import { PROFILES } from './profiles.patterns.js';
import type { RpcRequest, RpcResponse } from './rpc-contract.js';
import { SHARED_RPC } from './shared.rpc.js';

/**
 * Every typed pattern of every service: identity, billing, fitness and the patterns all four answer
 * (health ping, account export). Profiles' own patterns still go through the gateway's untyped `send<T>`.
 */
export const RPC_CONTRACTS = { ...SHARED_RPC, ...IDENTITY_RPC, ...BILLING_RPC, ...FITNESS_RPC } as const;
export type TypedRpcPattern = keyof typeof RPC_CONTRACTS;
export type RpcRequestOf<P extends TypedRpcPattern> = RpcRequest<(typeof RPC_CONTRACTS)[P]>;
export type RpcResponseOf<P extends TypedRpcPattern> = RpcResponse<(typeof RPC_CONTRACTS)[P]>;

/** Every pattern string of a service's pattern object (`IDENTITY`, `PROFILES`, …). */
type PatternsOf<T> = T extends string ? T : { [K in keyof T]: PatternsOf<T[K]> }[keyof T];
/**
 * The patterns without a contract yet (profiles' own, until PROFILES_RPC lands): the only ones the
 * gateway's untyped `send<T>` accepts. When every pattern is typed this is `never`, and `send` can go.
 */
export type UntypedRpcPattern = Exclude<
  PatternsOf<typeof IDENTITY | typeof PROFILES | typeof BILLING | typeof FITNESS>,
  TypedRpcPattern
>;
