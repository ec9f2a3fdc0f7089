// RPC: request-reply patterns, the payloads the gateway sends beside the HTTP bodies, and the typed tables (pattern → request → response).
export * from './billing.patterns.js';
export * from './billing.requests.js';
export * from './billing.rpc.js';
export * from './error-code.js';
export * from './fitness.patterns.js';
export * from './fitness.requests.js';
export * from './fitness.rpc.js';
export * from './identity.patterns.js';
export * from './identity.requests.js';
export * from './identity.rpc.js';
export * from './profiles.patterns.js';
export * from './profiles.requests.js';
export * from './rpc-contract.js';
export * from './rpc-contracts.js';
export * from './rpc-pattern.js';
export * from './sessions.js';
export * from './shared.rpc.js';
