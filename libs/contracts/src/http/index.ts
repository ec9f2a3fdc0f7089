// HTTP: the zod bodies and queries of the /api routes and the shapes they answer, one API area per file.
export * from './account.js';
export * from './activities.js';
export * from './api-error.js';
export * from './auth.js';
export * from './challenge-claims.js';
export * from './challenges.js';
export * from './donations.js';
export * from './encouragement.js';
export * from './fitness-profile.js';
export * from './fundraising-totals.js';
export * from './health.js';
export * from './outage.js';
export * from './page-data.js';
export * from './page-insights.js';
export * from './profiles.js';
export * from './strava.js';
export * from './subscription.js';
