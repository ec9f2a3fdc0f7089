import { z } from 'zod';
import {
  INVALID_LINK_MESSAGE,
  INVALID_RESET_LINK_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from '../product/identity-messages.js';
import { FIELD_LIMITS } from '../product/limits.js';
import { emailSchema, newPasswordSchema } from './auth.js';

// Account management (API.md "Account").

/** A password the caller types to confirm a sensitive change (never the sign-up rules: it exists already). */
const currentPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(FIELD_LIMITS.passwordMaxLength, WRONG_PASSWORD_MESSAGE);

const resetTokenSchema = z
  .string({ error: INVALID_RESET_LINK_MESSAGE })
  .min(1, INVALID_RESET_LINK_MESSAGE)
  .max(200, INVALID_RESET_LINK_MESSAGE);

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.object({ token: resetTokenSchema, password: newPasswordSchema });
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

export const changeEmailRequestSchema = z.object({ email: emailSchema, password: currentPasswordSchema });
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

/** POST /api/auth/change-email/cancel: the "this wasn't me" link mailed to the current address. */
export const cancelEmailChangeRequestSchema = z.object({
  token: z.string({ error: INVALID_LINK_MESSAGE }).min(1, INVALID_LINK_MESSAGE).max(200, INVALID_LINK_MESSAGE),
});
export type CancelEmailChangeRequest = z.infer<typeof cancelEmailChangeRequestSchema>;

export const deleteAccountRequestSchema = z.object({ password: currentPasswordSchema });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** What one service holds about the caller, as it exports it (each service names its own fields). */
export const serviceAccountDataSchema = z.record(z.string(), z.unknown());

/** GET /api/account/export: a JSON download gathered from every service. */
export const accountExportSchema = z.object({
  exportedAt: z.iso.datetime(),
  identity: serviceAccountDataSchema,
  profiles: serviceAccountDataSchema,
  billing: serviceAccountDataSchema,
  fitness: serviceAccountDataSchema,
});
export type AccountExport = z.infer<typeof accountExportSchema>;
