// @runpledge/server-kit/errors
export * from './dependency-outage.js';
