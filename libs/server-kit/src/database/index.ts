// @runpledge/server-kit/database
export * from './data-source.js';
