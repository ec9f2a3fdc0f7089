import { BILLING_EVENTS } from '../events/billing.events.js';
import { FITNESS_EVENTS } from '../events/fitness.events.js';
import { IDENTITY_EVENTS } from '../events/identity.events.js';
import { IDENTITY_BROADCASTS, PROFILE_CACHE_INVALIDATION } from '../events/announcements.js';
import { PROFILES_EVENTS } from '../events/profiles.events.js';
import { CHARITY_ACCESS } from '../rpc/charity-access.js';
import { FITNESS_DISTANCE } from '../rpc/pledges.patterns.js';
import type { ServiceName } from '../rpc/rpc-pattern.js';

/**
 * Which domain events each service consumes (its JetStream durable consumers). The NATS permissions
 * (server-kit's natsServerConfig) let a service read only these; a consumer registered for a type not
 * listed here is refused by NATS when permissions are on.
 */
export const EVENT_CONSUMPTION: Record<ServiceName, readonly string[]> = {
  identity: [],
  profiles: [
    BILLING_EVENTS.subscriptionChanged.type,
    IDENTITY_EVENTS.userRegistered.type,
    IDENTITY_EVENTS.userVerified.type,
    IDENTITY_EVENTS.userEmailChanged.type,
    IDENTITY_EVENTS.userDeleted.type,
    PROFILES_EVENTS.challengeClaimed.type,
    PROFILES_EVENTS.profileDeleted.type,
    PROFILES_EVENTS.totalsChanged.type,
    FITNESS_EVENTS.distanceChanged.type,
    FITNESS_EVENTS.runsChanged.type,
  ],
  // profiles.inbox.suppressed (the suppression list, decision 0016) has no consumer yet: a service
  // that comes to mail people (community: team and follower mails) lists it here and keeps a copy.
  billing: [IDENTITY_EVENTS.userDeleted.type],
  fitness: [
    PROFILES_EVENTS.profileCreated.type,
    PROFILES_EVENTS.slugChanged.type,
    PROFILES_EVENTS.profileDeleted.type,
    IDENTITY_EVENTS.userDeleted.type,
  ],
  // A copy of each page (card, totals, the runner's distance, the owner's access) for groups' standings.
  community: [
    PROFILES_EVENTS.cardChanged.type,
    PROFILES_EVENTS.totalsChanged.type,
    PROFILES_EVENTS.profileDeleted.type,
    FITNESS_EVENTS.distanceChanged.type,
    BILLING_EVENTS.subscriptionChanged.type,
    IDENTITY_EVENTS.userDeleted.type,
  ],
};

/** Core-NATS announcements (not JetStream) a service publishes and the gateway hears. */
export const SERVICE_ANNOUNCEMENTS: Record<ServiceName, readonly string[]> = {
  identity: [IDENTITY_BROADCASTS.sessionsRevoked],
  profiles: [PROFILE_CACHE_INVALIDATION.subject],
  billing: [CHARITY_ACCESS.access],
  fitness: [],
  community: [],
};

/**
 * The only requests one service sends another (everything else comes from the gateway): profiles
 * (its worker only) seeds its run ledger once per runner from fitness's distances by day (decision 0021);
 * billing asks community whether a person is a charity's admin before selling or giving its runner places.
 */
export const SERVICE_REQUESTS: Record<ServiceName, readonly string[]> = {
  identity: [],
  profiles: [FITNESS_DISTANCE.byDay],
  billing: [CHARITY_ACCESS.access],
  fitness: [],
  community: [],
};
