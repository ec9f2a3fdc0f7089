import { healthPattern } from './rpc-pattern.js';

/** Request-reply patterns of community (groups of pages: teams, charities, events). */
export const COMMUNITY = {
  health: { ping: healthPattern('community') },
} as const;
