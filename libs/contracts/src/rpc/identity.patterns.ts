import { accountExportPattern, healthPattern } from './rpc-pattern.js';

export const IDENTITY = {
  health: { ping: healthPattern('identity') },
  users: {
    get: 'identity.users.get',
  },
  auth: {
    signUp: 'identity.auth.sign-up',
    signIn: 'identity.auth.sign-in',
    signOut: 'identity.auth.sign-out',
    verifyEmail: 'identity.auth.verify-email',
    signOutEverywhere: 'identity.auth.sign-out-everywhere',
    changePassword: 'identity.auth.change-password',
    requestPasswordReset: 'identity.auth.request-password-reset',
    confirmPasswordReset: 'identity.auth.confirm-password-reset',
    changeEmail: 'identity.auth.change-email',
    cancelEmailChange: 'identity.auth.cancel-email-change',
  },
  account: {
    delete: 'identity.account.delete',
    export: accountExportPattern('identity'),
  },
  sessions: {
    validate: 'identity.sessions.validate',
    /** Session token in, a new access token (and the rotated session token) out. */
    refresh: 'identity.sessions.refresh',
    /**
     * Sign-out by the session token's SHA-256 (hex): what a gateway retries with until identity
     * confirms, so the token itself is never kept for a retry.
     */
    revokeByTokenHash: 'identity.sessions.revoke-by-token-hash',
  },
  keys: {
    /** The public JWKs access tokens are signed with (`AccessTokenKeySet`): what gateways verify with. */
    list: 'identity.keys.list',
  },
} as const;
