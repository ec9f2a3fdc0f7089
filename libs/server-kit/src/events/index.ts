// @runpledge/server-kit/events
export * from './dead-letters.js';
export * from './domain-events.js';
export * from './event-consumer.js';
export * from './event-outbox.js';
export * from './event-table-pruner.js';
export * from './event-tables.migration.js';
export * from './jetstream.js';
export * from './outbox-message.entity.js';
export * from './outbox-relay.js';
export * from './processed-event.entity.js';
