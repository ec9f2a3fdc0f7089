import { z } from 'zod';
import { userSchema, signInRequestSchema, signUpRequestSchema, verifyEmailRequestSchema } from '../http/auth.js';
import {
  cancelEmailChangeRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from '../http/account.js';
import { IDENTITY } from './identity.patterns.js';
import {
  callerSessionSchema,
  changeEmailCommandSchema,
  changePasswordRpcSchema,
  deleteAccountCommandSchema,
  getUserRequestSchema,
  sessionTokenHashRequestSchema,
  sessionTokenRequestSchema,
} from './identity.requests.js';
import { accessTokenKeySetSchema, type RefreshGrant, type SessionGrant, type SessionUser } from './sessions.js';
import { emptyRequestSchema, rpcContract, rpcSuccessSchema, type SameShape } from './rpc-contract.js';

export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.email(),
  emailVerified: z.boolean(),
  sessionId: z.uuid().optional(),
});
const accessGrantShape = { accessToken: z.string().min(1), accessTokenExpiresAt: z.iso.datetime() };
export const sessionGrantSchema = z.object({
  ...accessGrantShape,
  user: userSchema,
  sessionToken: z.string().min(1),
  expiresAt: z.iso.datetime(),
});
export const refreshGrantSchema = z.object({
  ...accessGrantShape,
  user: sessionUserSchema,
  sessionToken: z.string().min(1).optional(),
  expiresAt: z.iso.datetime(),
});

// The interfaces the services already use describe the same shapes as these schemas (tsc checks it).
const sameShapes: [
  SameShape<z.infer<typeof sessionUserSchema>, SessionUser>,
  SameShape<z.infer<typeof sessionGrantSchema>, SessionGrant>,
  SameShape<z.infer<typeof refreshGrantSchema>, RefreshGrant>,
] = [true, true, true];
void sameShapes;

/**
 * identity's request-reply patterns: pattern → request schema → response schema (the health ping and
 * the account export, which every service answers, are in SHARED_RPC).
 */
export const IDENTITY_RPC = {
  [IDENTITY.users.get]: rpcContract(getUserRequestSchema, userSchema),
  [IDENTITY.auth.signUp]: rpcContract(signUpRequestSchema, sessionGrantSchema),
  [IDENTITY.auth.signIn]: rpcContract(signInRequestSchema, sessionGrantSchema),
  [IDENTITY.auth.signOut]: rpcContract(sessionTokenRequestSchema, rpcSuccessSchema),
  [IDENTITY.auth.verifyEmail]: rpcContract(verifyEmailRequestSchema, userSchema),
  [IDENTITY.auth.signOutEverywhere]: rpcContract(callerSessionSchema, rpcSuccessSchema),
  [IDENTITY.auth.changePassword]: rpcContract(changePasswordRpcSchema, rpcSuccessSchema),
  [IDENTITY.auth.requestPasswordReset]: rpcContract(passwordResetRequestSchema, rpcSuccessSchema),
  [IDENTITY.auth.confirmPasswordReset]: rpcContract(passwordResetConfirmSchema, rpcSuccessSchema),
  [IDENTITY.auth.changeEmail]: rpcContract(changeEmailCommandSchema, rpcSuccessSchema),
  [IDENTITY.auth.cancelEmailChange]: rpcContract(cancelEmailChangeRequestSchema, rpcSuccessSchema),
  [IDENTITY.account.delete]: rpcContract(deleteAccountCommandSchema, rpcSuccessSchema),
  [IDENTITY.sessions.validate]: rpcContract(sessionTokenRequestSchema, sessionUserSchema),
  [IDENTITY.sessions.refresh]: rpcContract(sessionTokenRequestSchema, refreshGrantSchema),
  [IDENTITY.sessions.revokeByTokenHash]: rpcContract(sessionTokenHashRequestSchema, rpcSuccessSchema),
  [IDENTITY.keys.list]: rpcContract(emptyRequestSchema, accessTokenKeySetSchema),
} as const;
