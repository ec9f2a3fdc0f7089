import { z } from 'zod';
import { defineEvent } from '../common/event-envelope.js';

export const PROFILES_EVENTS = {
  profileCreated: defineEvent(
    'profiles.profile.created',
    z.object({ profileId: z.uuid(), userId: z.uuid(), urlSlug: z.string() }),
  ),
  profileDeleted: defineEvent(
    'profiles.profile.deleted',
    z.object({ profileId: z.uuid(), userId: z.uuid(), urlSlug: z.string() }),
  ),
} as const;
