import { z } from 'zod';
import { FIELD_LIMITS } from '../product/limits.js';
import { oneLine, textField } from '../product/text.js';

/**
 * A supporter's name, as encouragement and challenge claims take it: 1-100 characters on one line
 * (line breaks and runs of white space become one space), as it is shown in pages and mails.
 */
export const supporterNameSchema = (requiredMessage: string) =>
  textField('Your name', { error: requiredMessage })
    .overwrite(oneLine)
    .trim()
    .min(1, requiredMessage)
    .max(FIELD_LIMITS.senderName, `Your name can be at most ${FIELD_LIMITS.senderName} characters`);

export const encouragementRequestSchema = z.object({
  runnerProfileId: z.uuid('Runner profile not found'),
  senderName: supporterNameSchema('Both name and message are required'),
  message: textField('The message', { error: 'Both name and message are required' })
    .trim()
    .min(1, 'Both name and message are required')
    .max(
      FIELD_LIMITS.encouragementMessage,
      `The message can be at most ${FIELD_LIMITS.encouragementMessage} characters`,
    ),
});
export type EncouragementRequest = z.infer<typeof encouragementRequestSchema>;

export const encouragementSchema = z.object({
  id: z.uuid(),
  runnerProfileId: z.uuid(),
  senderName: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
});
export type Encouragement = z.infer<typeof encouragementSchema>;
