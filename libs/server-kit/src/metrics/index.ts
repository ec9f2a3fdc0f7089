// @runpledge/server-kit/metrics
export * from './dead-letter-gauge.js';
export * from './metrics.js';
export * from './rpc-metrics.interceptor.js';
