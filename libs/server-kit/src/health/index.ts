// @runpledge/server-kit/health
export * from './health-controller.js';
export * from './health-server.js';
