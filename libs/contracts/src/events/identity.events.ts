import { z } from 'zod';
import { defineEvent } from './event-envelope.js';

export const IDENTITY_EVENTS = {
  userRegistered: defineEvent(
    'identity.user.registered',
    z.object({ userId: z.uuid(), email: z.email(), registeredAt: z.iso.datetime() }),
  ),
  userVerified: defineEvent('identity.user.verified', z.object({ userId: z.uuid(), verifiedAt: z.iso.datetime() })),
  userEmailChanged: defineEvent(
    'identity.user.email-changed',
    z.object({ userId: z.uuid(), email: z.email(), changedAt: z.iso.datetime() }),
  ),
  /** The account is gone: every service removes what it holds about the user (idempotently). */
  userDeleted: defineEvent('identity.user.deleted', z.object({ userId: z.uuid(), deletedAt: z.iso.datetime() })),
} as const;
