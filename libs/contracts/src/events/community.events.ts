import { z } from 'zod';
import { defineEvent } from './event-envelope.js';

/** A page's place in a team, as its runner page and its owner's account export show it. */
export const pageTeamPlaceSchema = z.object({
  teamId: z.uuid(),
  slug: z.string(),
  name: z.string(),
  status: z.enum(['member', 'pending']),
  joinedAt: z.iso.datetime(),
  isCaptain: z.boolean(),
});

export const COMMUNITY_EVENTS = {
  /**
   * A page joined, asked to join, left or was approved into a team, or its team was renamed, moved to a
   * new address or handed over (`team` null: in no team). Made under the team's row lock; a reader
   * keeping a copy applies only one newer (by `occurredAt`) than its copy.
   */
  pageTeamChanged: defineEvent(
    'community.team.page-changed',
    z.object({ profileId: z.uuid(), userId: z.uuid(), team: pageTeamPlaceSchema.nullable() }),
  ),
  /**
   * Community sent a mail whose "no more mail" link carries a token (its hash here, with the hash of
   * the inbox it went to): profiles, which answers that link, remembers it (decision 0016).
   */
  mailStopLinkSent: defineEvent(
    'community.mail.stop-link-sent',
    z.object({ tokenHash: z.string().regex(/^[0-9a-f]{64}$/), inboxHash: z.string().regex(/^[0-9a-f]{64}$/) }),
  ),
} as const;
