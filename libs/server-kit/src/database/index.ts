// @runpledge/server-kit/database
export * from './data-source.js';
export * from './polling-relay.js';
