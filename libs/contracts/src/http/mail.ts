import { z } from 'zod';
import { MAIL_MESSAGES } from '../product/inbox.js';
import { textField } from '../product/text.js';

/**
 * POST /api/mail/suppress: "no more mail from RunPledge to this address", with the token of a link
 * in a pledge or team mail (a pledge mail's unsubscribe token).
 */
export const suppressInboxRequestSchema = z.object({
  token: textField('token', { error: MAIL_MESSAGES.linkInvalid })
    .min(1, MAIL_MESSAGES.linkInvalid)
    .max(200, MAIL_MESSAGES.linkInvalid),
});
export type SuppressInboxRequest = z.infer<typeof suppressInboxRequestSchema>;
