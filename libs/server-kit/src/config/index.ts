// @runpledge/server-kit/config
export * from './env.js';
