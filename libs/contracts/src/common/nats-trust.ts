import { BILLING_EVENTS } from '../events/billing.events.js';
import { COMMUNITY_EVENTS } from '../events/community.events.js';
import { FITNESS_EVENTS } from '../events/fitness.events.js';
import { IDENTITY_EVENTS } from '../events/identity.events.js';
import { IDENTITY_BROADCASTS, PROFILE_CACHE_INVALIDATION } from '../events/announcements.js';
import { PROFILES_EVENTS } from '../events/profiles.events.js';
import { CHARITIES } from '../rpc/charities.patterns.js';
import { COMMUNITY } from '../rpc/community.patterns.js';
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
    FITNESS_EVENTS.runsChanged.type,
    // The team a page is in (its runner page names it), and the stop links of community's mails.
    COMMUNITY_EVENTS.pageTeamChanged.type,
    COMMUNITY_EVENTS.mailStopLinkSent.type,
    // Charities' messages to runners: profiles knows their addresses and the suppression list.
    COMMUNITY_EVENTS.charityMessageSent.type,
    // Pages follow their event's merge, rename or verification.
    COMMUNITY_EVENTS.eventChanged.type,
  ],
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
    // Team captains' mails: their address, and the suppression list (decision 0016).
    IDENTITY_EVENTS.userRegistered.type,
    IDENTITY_EVENTS.userEmailChanged.type,
    PROFILES_EVENTS.inboxSuppressed.type,
    // Teams as profiles held them, once each, when they moved here (decision 0022).
    PROFILES_EVENTS.teamExported.type,
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
 * profiles checks the charity a page names, and resolves a page's event with community when a page is
 * created or edited (decision 0026); billing asks community whether a person is a charity's admin
 * before selling or giving its runner places.
 */
export const SERVICE_REQUESTS: Record<ServiceName, readonly string[]> = {
  identity: [],
  profiles: [FITNESS_DISTANCE.byDay, CHARITIES.lookup, COMMUNITY.events.resolve],
  billing: [CHARITY_ACCESS.access],
  fitness: [],
  community: [],
};
