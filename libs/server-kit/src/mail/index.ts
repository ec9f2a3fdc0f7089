// @runpledge/server-kit/mail
export * from './inbox-hash.js';
export * from './mailer.js';
