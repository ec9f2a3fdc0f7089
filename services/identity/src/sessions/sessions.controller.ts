import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  IDENTITY,
  sessionTokenHashRequestSchema,
  sessionTokenRequestSchema,
  type RefreshGrant,
  type SessionUser,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { SessionsService } from './sessions.service.js';

@Controller()
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @RpcHandler(IDENTITY.sessions.validate)
  validate(@Payload() payload: unknown): Promise<SessionUser> {
    return this.sessions.validate(sessionTokenRequestSchema.parse(payload).sessionToken);
  }

  @RpcHandler(IDENTITY.sessions.refresh)
  refresh(@Payload() payload: unknown): Promise<RefreshGrant> {
    return this.sessions.refresh(sessionTokenRequestSchema.parse(payload).sessionToken);
  }

  /** A gateway's sign-out retried after identity could not answer: idempotent. */
  @RpcHandler(IDENTITY.sessions.revokeByTokenHash)
  async revokeByTokenHash(@Payload() payload: unknown): Promise<{ success: true }> {
    await this.sessions.revokeByTokenHash(sessionTokenHashRequestSchema.parse(payload).sessionTokenHash);
    return { success: true };
  }
}
