import { Body, Controller, Delete, Get, HttpCode, Req, Res, StreamableFile } from '@nestjs/common';
import {
  BILLING,
  FITNESS,
  IDENTITY,
  PROFILES,
  deleteAccountRequestSchema,
  type SessionUser,
} from '@runpledge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { accountExportJson } from './account-export.stream.js';
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

  /**
   * A JSON download gathered from every service, of any size: each service's own answer first (one
   * away makes it a 503 before a byte is sent), then encouragement, pledges and activities streamed page by
   * page as the client reads. A page that fails mid-way aborts the response, so the client never
   * holds a partial file that parses.
   */
  @Get('export')
  async export(
    @CurrentUser() caller: SessionUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    await this.rateLimits.consumeAccount(caller.id, request.ip, reply);
    const owner = { userId: caller.id };
    const [identity, profiles, billing, fitness] = await Promise.all([
      this.rpc.call(IDENTITY.account.export, owner),
      this.rpc.call(PROFILES.account.export, owner),
      this.rpc.call(BILLING.account.export, owner),
      this.rpc.call(FITNESS.account.export, owner),
    ]);
    const exportedAt = new Date().toISOString();
    void reply.header('cache-control', 'no-store');
    const json = accountExportJson({
      exportedAt,
      identity,
      profiles,
      billing,
      fitness,
      encouragementsOf: (profileId) => (after) =>
        this.rpc.call(PROFILES.account.exportEncouragements, { ...owner, profileId, after }),
      pledgesOf: (profileId) => (after) =>
        this.rpc.call(PROFILES.account.exportPledges, { ...owner, profileId, after }),
      activities: (after) => this.rpc.call(FITNESS.account.exportActivities, { ...owner, after }),
    });
    return new StreamableFile(Readable.from(json), {
      type: 'application/json; charset=utf-8',
      disposition: `attachment; filename="runpledge-data-${exportedAt.slice(0, 10)}.json"`,
    });
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
