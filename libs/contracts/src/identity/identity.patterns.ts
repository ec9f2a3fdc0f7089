import { accountExportPattern, healthPattern } from '../common/rpc-pattern.js';

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
    requestPasswordReset: 'identity.auth.request-password-reset',
    confirmPasswordReset: 'identity.auth.confirm-password-reset',
    changeEmail: 'identity.auth.change-email',
  },
  account: {
    delete: 'identity.account.delete',
    export: accountExportPattern('identity'),
  },
  sessions: {
    validate: 'identity.sessions.validate',
  },
} as const;
