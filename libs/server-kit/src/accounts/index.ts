// @runpledge/server-kit/accounts
export * from './deleted-accounts.js';
