import { healthPattern } from '../common/rpc-pattern.js';

export const FITNESS = {
  health: { ping: healthPattern('fitness') },
  fitnessProfile: {
    get: 'fitness.fitness-profile.get',
  },
} as const;
