// @runpledge/server-kit/mail
export * from '../inbox/inbox-hash.js';
export * from './mailer.js';
export * from './opt-out-mailer.js';
