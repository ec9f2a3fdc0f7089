// @runpledge/server-kit/jobs
export * from './job-outbox.js';
export * from './pending-job.entity.js';
export * from './pending-jobs.migration.js';
