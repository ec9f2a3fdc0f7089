// Trace context and the request id for every process. The SDK itself starts from
// `@runpledge/server-kit/telemetry/start`, imported first by each entry point.
export * from './trace-context.js';
export * from './config.js';
export * from './bullmq.js';
export * from './rpc-trace.interceptor.js';
