import { Body, Controller, Delete, Get, HttpCode, Req, Res } from '@nestjs/common';
import {
  BILLING,
  FITNESS,
  IDENTITY,
  PROFILES,
  deleteAccountRequestSchema,
  type SessionUser,
} from '@runpledge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser } from './current-user.decorator.js';
import { RateLimitService } from './rate-limit.service.js';
import { clearAuthCookies } from './auth-cookies.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';

/** The signed-in runner's account as a whole: export everything held about them, or delete it. */
@Controller('account')
export class AccountController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly rateLimits: RateLimitService,
  ) {}

  /** A JSON download gathered from every service; one service away makes it a 503, never a partial file. */
  @Get('export')
  async export(
    @CurrentUser() caller: SessionUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Record<string, unknown>> {
    await this.rateLimits.consumeAccount(caller.id, request.ip, reply);
    const owner = { userId: caller.id };
    const [identity, profiles, billing, fitness] = await Promise.all([
      this.rpc.call(IDENTITY.account.export, owner),
      this.rpc.call(PROFILES.account.export, owner),
      this.rpc.call(BILLING.account.export, owner),
      this.rpc.call(FITNESS.account.export, owner),
    ]);
    const exportedAt = new Date().toISOString();
    void reply
      .header('content-disposition', `attachment; filename="runpledge-data-${exportedAt.slice(0, 10)}.json"`)
      .header('cache-control', 'no-store');
    return { exportedAt, identity, profiles, billing, fitness };
  }

  /** Confirmed by the password; the other services remove their part on `identity.user.deleted`. */
  @Delete()
  @HttpCode(200)
  async delete(
    @Body() body: unknown,
    @CurrentUser() caller: SessionUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ success: true }> {
    await this.rateLimits.consumeAccount(caller.id, request.ip, reply);
    const { password } = parseOrThrow(deleteAccountRequestSchema, body);
    await this.rpc.call(IDENTITY.account.delete, { userId: caller.id, password });
    clearAuthCookies(request, reply);
    return { success: true };
  }
}
