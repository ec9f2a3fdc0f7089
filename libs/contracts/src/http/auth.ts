import { z } from 'zod';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '../product/identity-messages.js';
import { FIELD_LIMITS } from '../product/limits.js';
import { textField } from '../product/text.js';

export const userSchema = z.object({
  id: z.uuid(),
  email: z.email(),
  emailVerified: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type User = z.infer<typeof userSchema>;

/** What sign-up, sign-in and GET /api/auth/me answer (the session travels in cookies, never in the body). */
export const userResponseSchema = z.object({ user: userSchema });
/** POST /api/auth/verify: the confirmed user. */
export const verifyEmailResponseSchema = z.object({ success: z.literal(true), user: userSchema });

/** Spec 5 (Auth): trimmed, required, valid e-mail. */
export const emailSchema = textField('Email', { error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .pipe(z.email('Please enter a valid email address'))
  .transform((email) => email.toLowerCase());

/** Spec 5 (Auth), sign-up: 8+ characters with a lowercase letter, an uppercase letter and a number. */
export const newPasswordSchema = textField('Password', { error: 'Password is required' })
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
  password: textField('Password', { error: 'Password is required' })
    .min(1, 'Password is required')
    .max(FIELD_LIMITS.passwordMaxLength, 'Invalid login credentials'),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** `signup` confirms a new account's address; `email_change` confirms the new address of a change. */
export const VERIFICATION_TYPES = ['signup', 'email_change'] as const;
export const verifyEmailRequestSchema = z.object({
  token: textField('token', { error: 'This confirmation link is invalid or has expired.' })
    .min(1, 'This confirmation link is invalid or has expired.')
    .max(200, 'This confirmation link is invalid or has expired.'),
  type: z.enum(VERIFICATION_TYPES, { error: 'This confirmation link is invalid or has expired.' }),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

/** POST /api/auth/change-password: the current password is checked, the new one follows spec 5. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(FIELD_LIMITS.passwordMaxLength, WRONG_CURRENT_PASSWORD_MESSAGE),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
