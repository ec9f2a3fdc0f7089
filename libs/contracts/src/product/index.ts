// Product constants and pure product rules: field limits, wording, text rules, donation links, fundraising maths, subscription access. No transport here.
export * from './design-tokens.js';
export * from './donation-links.js';
export * from './fitness.js';
export * from './fundraising-totals.js';
export * from './fundraising.js';
export * from './idempotency.js';
export * from './inbox.js';
export * from './identity-messages.js';
export * from './limits.js';
export * from './marathon-name.js';
export * from './profile-messages.js';
export * from './strava.js';
export * from './subscription-access.js';
export * from './teams.js';
export * from './text.js';
export * from './pledges.js';
export * from './race-day.js';
