import { z } from 'zod';
import { defineEvent } from './event-envelope.js';

export const PROFILES_EVENTS = {
  profileCreated: defineEvent(
    'profiles.profile.created',
    z.object({ profileId: z.uuid(), userId: z.uuid(), urlSlug: z.string() }),
  ),
  profileDeleted: defineEvent(
    'profiles.profile.deleted',
    z.object({ profileId: z.uuid(), userId: z.uuid(), urlSlug: z.string() }),
  ),
  /** The page moved to a new address (the old one redirects): copies kept by slug follow it. */
  slugChanged: defineEvent(
    'profiles.profile.slug-changed',
    z.object({ profileId: z.uuid(), userId: z.uuid(), urlSlug: z.string() }),
  ),
  /**
   * What a page shows of itself in lists of other pages (a team's members, a charity's runners, an
   * event's field): sent when the page is created and whenever any of these fields changes. A reader
   * keeping a copy applies only one newer (by `occurredAt`) than the copy: events of a page are made
   * under its row lock. The fields after `name` came later: a card recorded before them lacks them
   * (a reader keeps what it had), and every page's card was recorded again once they came.
   */
  cardChanged: defineEvent(
    'profiles.profile.card-changed',
    z.object({
      profileId: z.uuid(),
      userId: z.uuid(),
      urlSlug: z.string(),
      name: z.string(),
      marathonName: z.string().nullable().optional(),
      /** `YYYY-MM-DD`, the race day. */
      marathonDate: z.iso.date().nullable().optional(),
      /** The donation platform the page raises on (`donation_platform`). */
      platform: z.string().nullable().optional(),
      /** The listed charity the page names, if any. */
      charityId: z.uuid().nullable().optional(),
      /** The event (race) the page runs, if known. */
      eventId: z.uuid().nullable().optional(),
      /** When the page was made (ISO 8601). */
      createdAt: z.iso.datetime({ offset: true }).optional(),
    }),
  ),
  /** A supporter chose a challenge: the owner is e-mailed once (profiles consumes it itself). */
  challengeClaimed: defineEvent(
    'profiles.challenge.claimed',
    z.object({
      claimId: z.uuid(),
      challengeId: z.uuid(),
      profileId: z.uuid(),
      userId: z.uuid(),
      urlSlug: z.string(),
      amount: z.number(),
      description: z.string(),
      name: z.string(),
      message: z.string().nullable(),
    }),
  ),
  /**
   * A page's raised amount, goal, donor count or currency changed (a platform sync or the owner's
   * edit of hand-typed totals). `totalsVersion` grows with each change of the page, so a reader
   * keeping a copy applies only a newer one (events may repeat or come out of order).
   */
  totalsChanged: defineEvent(
    'profiles.totals.changed',
    z.object({
      profileId: z.uuid(),
      urlSlug: z.string(),
      fundsRaised: z.string(),
      fundraisingGoal: z.string(),
      totalDonors: z.number().int(),
      fundraisingCurrency: z.string(),
      totalsSource: z.string(),
      totalsVersion: z.number().int().nonnegative().default(0),
    }),
  ),
  /**
   * An inbox asked for no more mail from RunPledge (`inboxHash`: server-kit's inboxHash of its
   * address, never the address). A service that mails people keeps these and sends that inbox nothing.
   */
  inboxSuppressed: defineEvent(
    'profiles.inbox.suppressed',
    z.object({ inboxHash: z.string().regex(/^[0-9a-f]{64}$/) }),
  ),
} as const;
