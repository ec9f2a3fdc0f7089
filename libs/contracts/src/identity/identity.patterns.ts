import { healthPattern } from '../common/rpc-pattern.js';

export const IDENTITY = {
  health: { ping: healthPattern('identity') },
  users: {
    register: 'identity.users.register',
    get: 'identity.users.get',
  },
} as const;
