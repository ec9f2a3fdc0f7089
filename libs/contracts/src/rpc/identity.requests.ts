import { z } from 'zod';
import { changeEmailRequestSchema, deleteAccountRequestSchema } from '../http/account.js';
import { changePasswordRequestSchema } from '../http/auth.js';

// What the gateway asks identity, beside the HTTP bodies: the caller (and session) from the session check.

export const getUserRequestSchema = z.object({ id: z.uuid() });

/** The caller and the session they act from, as the gateway passes them to identity. */
export const callerSessionSchema = z.object({ userId: z.uuid(), sessionId: z.uuid() });
export const changePasswordRpcSchema = changePasswordRequestSchema.extend(callerSessionSchema.shape);
export const sessionTokenRequestSchema = z.object({ sessionToken: z.string().min(1).max(200) });
/** A session token's SHA-256 in hex (server-kit's hashToken). */
export const sessionTokenHashRequestSchema = z.object({ sessionTokenHash: z.string().regex(/^[0-9a-f]{64}$/) });

/** What the gateway passes to a service for the signed-in caller's own account. */
export const accountOwnerSchema = z.object({ userId: z.uuid() });
export const changeEmailCommandSchema = changeEmailRequestSchema.extend({ userId: z.uuid() });
export const deleteAccountCommandSchema = deleteAccountRequestSchema.extend({ userId: z.uuid() });
