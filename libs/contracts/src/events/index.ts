// Events: JetStream domain events (type + payload schema, in the envelope) and the core-NATS announcements gateways hear.
export * from './announcements.js';
export * from './billing.events.js';
export * from './community.events.js';
export * from './event-envelope.js';
export * from './fitness.events.js';
export * from './identity.events.js';
export * from './profiles.events.js';
