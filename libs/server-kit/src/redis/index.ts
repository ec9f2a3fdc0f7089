// @runpledge/server-kit/redis
export * from './redis.module.js';
