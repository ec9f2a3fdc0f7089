import { healthPattern } from '../common/rpc-pattern.js';

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
  },
  sessions: {
    validate: 'identity.sessions.validate',
  },
} as const;
