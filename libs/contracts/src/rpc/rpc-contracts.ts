import { BILLING } from './billing.patterns.js';
import { BILLING_RPC } from './billing.rpc.js';
import { CHARITIES } from './charities.patterns.js';
import { CHARITIES_RPC } from './charities.rpc.js';
import { CHARITY_ACCESS, CHARITY_ACCESS_RPC } from './charity-access.js';
import { COMMUNITY } from './community.patterns.js';
import { COMMUNITY_RPC } from './community.rpc.js';
import { FITNESS } from './fitness.patterns.js';
import { FITNESS_RPC } from './fitness.rpc.js';
import { IDENTITY } from './identity.patterns.js';
import { IDENTITY_RPC } from './identity.rpc.js';
import { MAIL, MAIL_RPC } from './mail.patterns.js';
import { PROFILES } from './profiles.patterns.js';
import { PLEDGES_RPC } from './pledges.patterns.js';
import { PROFILES_RPC } from './profiles.rpc.js';
import { RACE_DAY_RPC } from './race-day.patterns.js';
import type { RpcRequest, RpcResponse } from './rpc-contract.js';
import { SHARED_RPC } from './shared.rpc.js';
import { TEAMS } from './teams.patterns.js';
import { TEAMS_RPC } from './teams.rpc.js';

/**
 * Every typed pattern of every service: identity, profiles, billing, fitness, community and the patterns all five
 * answer (health ping, account export). The gateway calls them only through `rpc.call`.
 */
export const RPC_CONTRACTS = {
  ...SHARED_RPC,
  ...IDENTITY_RPC,
  ...PROFILES_RPC,
  ...BILLING_RPC,
  ...FITNESS_RPC,
  ...TEAMS_RPC,
  ...PLEDGES_RPC,
  ...RACE_DAY_RPC,
  ...MAIL_RPC,
  ...CHARITIES_RPC,
  ...COMMUNITY_RPC,
  ...CHARITY_ACCESS_RPC,
} as const;
export type TypedRpcPattern = keyof typeof RPC_CONTRACTS;
export type RpcRequestOf<P extends TypedRpcPattern> = RpcRequest<(typeof RPC_CONTRACTS)[P]>;
export type RpcResponseOf<P extends TypedRpcPattern> = RpcResponse<(typeof RPC_CONTRACTS)[P]>;

/** Every pattern string of a service's pattern object (`IDENTITY`, `PROFILES`, …). */
type PatternsOf<T> = T extends string ? T : { [K in keyof T]: PatternsOf<T[K]> }[keyof T];
/** Patterns of the services that have no contract in RPC_CONTRACTS: none may exist. */
export type UntypedRpcPattern = Exclude<
  PatternsOf<
    | typeof IDENTITY
    | typeof PROFILES
    | typeof BILLING
    | typeof FITNESS
    | typeof COMMUNITY
    | typeof TEAMS
    | typeof MAIL
    | typeof CHARITIES
    | typeof CHARITY_ACCESS
  >,
  TypedRpcPattern
>;
type MustBeTrue<T extends true> = T;
/**
 * Fails `tsc` when a service gains a pattern without a contract (the gateway has no untyped call:
 * every request and answer is checked against RPC_CONTRACTS).
 */
export type EveryPatternTyped = MustBeTrue<[UntypedRpcPattern] extends [never] ? true : false>;
