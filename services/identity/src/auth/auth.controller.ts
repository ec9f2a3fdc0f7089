import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  callerSessionSchema,
  changePasswordRpcSchema,
  IDENTITY,
  cancelEmailChangeRequestSchema,
  changeEmailCommandSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  sessionTokenRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
  verifyEmailRequestSchema,
  type SessionGrant,
  type User,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { AuthService } from './auth.service.js';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @RpcHandler(IDENTITY.auth.signUp)
  signUp(@Payload() payload: unknown): Promise<SessionGrant> {
    return this.auth.signUp(signUpRequestSchema.parse(payload));
  }

  @RpcHandler(IDENTITY.auth.signIn)
  signIn(@Payload() payload: unknown): Promise<SessionGrant> {
    return this.auth.signIn(signInRequestSchema.parse(payload));
  }

  @RpcHandler(IDENTITY.auth.signOut)
  async signOut(@Payload() payload: unknown): Promise<{ success: true }> {
    await this.auth.signOut(sessionTokenRequestSchema.parse(payload).sessionToken);
    return { success: true };
  }

  @RpcHandler(IDENTITY.auth.signOutEverywhere)
  async signOutEverywhere(@Payload() payload: unknown): Promise<{ success: true }> {
    await this.auth.signOutEverywhere(callerSessionSchema.parse(payload).userId);
    return { success: true };
  }

  @RpcHandler(IDENTITY.auth.changePassword)
  async changePassword(@Payload() payload: unknown): Promise<{ success: true }> {
    await this.auth.changePassword(changePasswordRpcSchema.parse(payload));
    return { success: true };
  }

  @RpcHandler(IDENTITY.auth.verifyEmail)
  verifyEmail(@Payload() payload: unknown): Promise<User> {
    return this.auth.verifyEmail(verifyEmailRequestSchema.parse(payload));
  }

  @RpcHandler(IDENTITY.auth.requestPasswordReset)
  async requestPasswordReset(@Payload() payload: unknown): Promise<{ success: true }> {
    await this.auth.requestPasswordReset(passwordResetRequestSchema.parse(payload));
    return { success: true };
  }

  @RpcHandler(IDENTITY.auth.confirmPasswordReset)
  async confirmPasswordReset(@Payload() payload: unknown): Promise<{ success: true }> {
    await this.auth.confirmPasswordReset(passwordResetConfirmSchema.parse(payload));
    return { success: true };
  }

  @RpcHandler(IDENTITY.auth.changeEmail)
  async changeEmail(@Payload() payload: unknown): Promise<{ success: true }> {
    const { userId, ...request } = changeEmailCommandSchema.parse(payload);
    await this.auth.changeEmail(userId, request);
    return { success: true };
  }

  @RpcHandler(IDENTITY.auth.cancelEmailChange)
  async cancelEmailChange(@Payload() payload: unknown): Promise<{ success: true }> {
    await this.auth.cancelEmailChange(cancelEmailChangeRequestSchema.parse(payload));
    return { success: true };
  }
}
