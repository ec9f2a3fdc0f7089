import 'reflect-metadata';

// Everything, for a service process. A process that needs less imports a subpath
// (`@runpledge/server-kit/<folder>`, one per folder below, each with its index.ts), so the gateway
// loads neither TypeORM nor nodemailer. A new folder with an index.ts is a new subpath.
export * from './accounts/index.js';
export * from './auth/index.js';
export * from './bootstrap/index.js';
export * from './config/index.js';
export * from './csv/index.js';
export * from './database/index.js';
export * from './errors/index.js';
export * from './events/index.js';
export * from './health/index.js';
export * from './jobs/index.js';
export * from './logging/index.js';
export * from './mail/index.js';
export * from './messaging/index.js';
export * from './metrics/index.js';
export * from './redis/index.js';
export * from './telemetry/index.js';
