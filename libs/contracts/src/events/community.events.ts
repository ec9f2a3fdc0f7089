import { z } from 'zod';
import { CHARITY_LIMITS } from '../product/charities.js';
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

/** An event of the directory as pages keep it; `version` moves with each of its changes. */
const raceEventCopySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  date: z.iso.date(),
  timeZone: z.string(),
  verified: z.boolean(),
  version: z.number().int().nonnegative(),
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
  /**
   * A charity's staff wrote to runners whose pages name the charity (at most one a week per runner
   * from one charity, checked by community). Profiles, which knows the runners' addresses and the
   * suppression list, mails each of them once: who sent it, why they get it, and the one-click stop.
   */
  charityMessageSent: defineEvent(
    'community.charity.message-sent',
    z.object({
      messageId: z.uuid(),
      charity: z.object({ id: z.uuid(), slug: z.string(), name: z.string() }),
      senderEmail: z.string(),
      subject: z.string().max(CHARITY_LIMITS.messageSubject),
      body: z.string().max(CHARITY_LIMITS.messageBody),
      recipients: z.array(z.object({ profileId: z.uuid(), userId: z.uuid(), pageName: z.string() })),
    }),
  ),
  /**
   * An event changed in a way its pages show (renamed, verified, its time zone set) or was merged
   * into another: the pages naming `eventId` now run `current` (the event itself, or the one it went
   * into). A reader keeps a copy of each event and applies only a newer `version`, so a late merge
   * never undoes a later rename.
   */
  eventChanged: defineEvent(
    'community.event.changed',
    z.object({
      eventId: z.uuid(),
      current: raceEventCopySchema,
      /** Pages given this event by the one-time assignment of existing pages (they named none yet). */
      profileIds: z.array(z.uuid()).default([]),
    }),
  ),
} as const;
