import { healthPattern } from './rpc-pattern.js';

/** Request-reply patterns of community (groups of pages: teams, charities, events). */
export const COMMUNITY = {
  health: { ping: healthPattern('community') },
  events: {
    list: 'community.events.list',
    getBySlug: 'community.events.get-by-slug',
    /** Profiles asks when a page is created or edited: the event chosen, or the one a typed name and date make. */
    resolve: 'community.events.resolve',
  },
} as const;
