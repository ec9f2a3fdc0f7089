import { z } from 'zod';
import { CHARITY_LIMITS } from '../product/charities.js';
import { defineEvent } from './event-envelope.js';

export const COMMUNITY_EVENTS = {
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
} as const;
