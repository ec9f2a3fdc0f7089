import { z } from 'zod';
import { defineEvent } from '../common/event-envelope.js';

export const IDENTITY_EVENTS = {
  userRegistered: defineEvent(
    'identity.user.registered',
    z.object({ userId: z.uuid(), email: z.email(), registeredAt: z.iso.datetime() }),
  ),
  userVerified: defineEvent('identity.user.verified', z.object({ userId: z.uuid(), verifiedAt: z.iso.datetime() })),
} as const;
