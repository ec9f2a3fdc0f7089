// One import for every caller (`@runpledge/contracts`); inside, the shapes are split by kind
// (docs/architecture.md): product rules, HTTP, RPC, events.
export * from './product/index.js';
export * from './http/index.js';
export * from './rpc/index.js';
export * from './events/index.js';
export * from './common/nats-trust.js';
