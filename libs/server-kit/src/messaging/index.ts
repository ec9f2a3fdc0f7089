// @runpledge/server-kit/messaging
export * from './nats-trust.js';
export * from './rpc-deadline.interceptor.js';
export * from './rpc-exception.filter.js';
export * from './rpc-handler.decorator.js';
export * from './service.exception.js';
export * from './stream-follower.js';
export * from './subject.js';
