// @runpledge/server-kit/mail
export * from './mailer.js';
