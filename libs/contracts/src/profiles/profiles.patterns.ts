import { healthPattern } from '../common/rpc-pattern.js';

export const PROFILES = {
  health: { ping: healthPattern('profiles') },
  accounts: {
    get: 'profiles.accounts.get',
  },
} as const;
