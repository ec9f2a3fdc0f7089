// @runpledge/server-kit/inbox: an inbox's key for limits and the suppression list, without the
// mailer (the gateway counts inboxes but sends no mail: it must not load nodemailer or TypeORM).
export * from './inbox-hash.js';
