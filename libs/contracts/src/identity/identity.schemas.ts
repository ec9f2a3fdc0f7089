import { z } from 'zod';
import { FIELD_LIMITS } from '../common/limits.js';

export const userSchema = z.object({
  id: z.uuid(),
  email: z.email(),
  emailVerified: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type User = z.infer<typeof userSchema>;

/** Spec 5 (Auth): trimmed, required, valid e-mail. */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .pipe(z.email('Please enter a valid email address'))
  .transform((email) => email.toLowerCase());

/** Spec 5 (Auth), sign-up: 8+ characters with a lowercase letter, an uppercase letter and a number. */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(FIELD_LIMITS.passwordMinLength, 'Password must be at least 8 characters long')
  .max(FIELD_LIMITS.passwordMaxLength, `Password must be at most ${FIELD_LIMITS.passwordMaxLength} characters long`)
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[0-9]/, 'Password must contain at least one number');

export const signUpRequestSchema = z.object({ email: emailSchema, password: newPasswordSchema });
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const signInRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(FIELD_LIMITS.passwordMaxLength, 'Invalid login credentials'),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** `signup` confirms a new account's address; `email_change` confirms the new address of a change. */
export const VERIFICATION_TYPES = ['signup', 'email_change'] as const;
export const verifyEmailRequestSchema = z.object({
  token: z
    .string({ error: 'This confirmation link is invalid or has expired.' })
    .min(1, 'This confirmation link is invalid or has expired.')
    .max(200, 'This confirmation link is invalid or has expired.'),
  type: z.enum(VERIFICATION_TYPES, { error: 'This confirmation link is invalid or has expired.' }),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

export const getUserRequestSchema = z.object({ id: z.uuid() });

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid login credentials';
export const USER_EXISTS_MESSAGE = 'User already registered';
export const INVALID_LINK_MESSAGE = 'This confirmation link is invalid or has expired.';

/** What identity answers for a sign-up or sign-in: the user and a new session token for the cookie. */
export interface SessionGrant {
  user: User;
  sessionToken: string;
  expiresAt: string;
}
export const sessionTokenRequestSchema = z.object({ sessionToken: z.string().min(1).max(200) });
/** The signed-in caller as the gateway passes it on to services. */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

// Account management (API.md "Account").
export const INVALID_RESET_LINK_MESSAGE = 'This reset link is invalid or has expired.';
export const WRONG_PASSWORD_MESSAGE = 'Your password is incorrect.';
export const EMAIL_TAKEN_MESSAGE = 'This e-mail address is already used by another account.';
export const SAME_EMAIL_MESSAGE = 'This is already your e-mail address.';

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

export const deleteAccountRequestSchema = z.object({ password: currentPasswordSchema });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** What the gateway passes to a service for the signed-in caller's own account. */
export const accountOwnerSchema = z.object({ userId: z.uuid() });
export const changeEmailCommandSchema = changeEmailRequestSchema.extend({ userId: z.uuid() });
export const deleteAccountCommandSchema = deleteAccountRequestSchema.extend({ userId: z.uuid() });
