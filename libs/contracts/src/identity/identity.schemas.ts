import { z } from 'zod';
import { FIELD_LIMITS } from '../common/limits.js';
import { textField } from '../common/text.js';

export const userSchema = z.object({
  id: z.uuid(),
  email: z.email(),
  emailVerified: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type User = z.infer<typeof userSchema>;

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

export const getUserRequestSchema = z.object({ id: z.uuid() });

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid login credentials';
export const USER_EXISTS_MESSAGE = 'User already registered';
export const INVALID_LINK_MESSAGE = 'This confirmation link is invalid or has expired.';

/** A short-lived access token for the gateway's cookie (verified there without calling identity). */
export interface AccessGrant {
  accessToken: string;
  accessTokenExpiresAt: string;
}

/** What identity answers for a sign-up or sign-in: the user, a new session token and an access token. */
export interface SessionGrant extends AccessGrant {
  user: User;
  sessionToken: string;
  expiresAt: string;
}

/**
 * What a refresh answers: a new access token and, when the session token was rotated, the new one
 * (absent when a concurrent refresh of the same browser rotated it a moment before).
 */
export interface RefreshGrant extends AccessGrant {
  user: SessionUser;
  sessionToken?: string;
  expiresAt: string;
}

/** Claims of the access token: the caller and the session it was issued for. */
export interface AccessTokenClaims {
  sub: string;
  sid: string;
  email: string;
  emailVerified: boolean;
}

/** Access tokens live this long by default (`ACCESS_TOKEN_TTL_SECONDS`); revocations are kept as long. */
export const ACCESS_TOKEN_TTL_SECONDS = 600;

export const sessionsRevokedSchema = z.object({ userId: z.uuid(), sessionIds: z.array(z.uuid()) });
export type SessionsRevoked = z.infer<typeof sessionsRevokedSchema>;

/** The public keys identity signs access tokens with (the current one first), as EC P-256 JWKs. */
export const accessTokenKeySetSchema = z.object({
  keys: z.array(
    z.object({
      kty: z.literal('EC'),
      crv: z.literal('P-256'),
      x: z.string().min(1),
      y: z.string().min(1),
      kid: z.string().min(1),
      alg: z.string(),
    }),
  ),
});
export type AccessTokenKeySet = z.infer<typeof accessTokenKeySetSchema>;

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is incorrect.';

/** POST /api/auth/change-password: the current password is checked, the new one follows spec 5. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(FIELD_LIMITS.passwordMaxLength, WRONG_CURRENT_PASSWORD_MESSAGE),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The caller and the session they act from, as the gateway passes them to identity. */
export const callerSessionSchema = z.object({ userId: z.uuid(), sessionId: z.uuid() });
export const changePasswordRpcSchema = changePasswordRequestSchema.extend(callerSessionSchema.shape);
export const sessionTokenRequestSchema = z.object({ sessionToken: z.string().min(1).max(200) });
/** The signed-in caller as the gateway passes it on to services. */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  /** The session the caller's access token belongs to (set by the gateway's guard). */
  sessionId?: string;
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
