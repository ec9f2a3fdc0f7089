// @runpledge/server-kit/logging
export * from './logger.js';
