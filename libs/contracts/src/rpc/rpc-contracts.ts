import { IDENTITY_RPC } from './identity.rpc.js';
import { PROFILES_RPC } from './profiles.rpc.js';
import type { RpcRequest, RpcResponse } from './rpc-contract.js';

/**
 * Every typed pattern of every service (identity and profiles so far; billing and fitness still go
 * through the gateway's untyped `send<T>`).
 */
export const RPC_CONTRACTS = { ...IDENTITY_RPC, ...PROFILES_RPC } as const;
export type TypedRpcPattern = keyof typeof RPC_CONTRACTS;
export type RpcRequestOf<P extends TypedRpcPattern> = RpcRequest<(typeof RPC_CONTRACTS)[P]>;
export type RpcResponseOf<P extends TypedRpcPattern> = RpcResponse<(typeof RPC_CONTRACTS)[P]>;
