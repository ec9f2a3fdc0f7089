// @runpledge/server-kit/bootstrap
export * from './bootstrap-service.js';
export * from './run-service.js';
export * from './run-worker.js';
export * from './service-core.module.js';
