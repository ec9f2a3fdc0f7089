// Link and session tokens are server-kit's (newSecretToken, hashToken); their lifetimes are identity's.
export { hashToken, newSecretToken } from '@runpledge/server-kit';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

export function isExpired(expiresAt: Date, now: Date = new Date()): boolean {
  return expiresAt.getTime() <= now.getTime();
}
