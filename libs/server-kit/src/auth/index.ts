// @runpledge/server-kit/auth
export * from './access-token-keys.js';
export * from './secret-token.js';
