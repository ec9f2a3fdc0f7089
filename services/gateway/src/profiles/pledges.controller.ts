import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  PLEDGES,
  PLEDGE_LINK_PATTERNS,
  PLEDGE_MESSAGES,
  RUNNER_PROFILE_NOT_FOUND,
  confirmPledgeRequestSchema,
  createPledgeRequestSchema,
  pledgeTokenCommandSchema,
  pledgeTokenRequestSchema,
  pledgesPageQuerySchema,
  type ClosePledgesResponse,
  type ManagePledgesResponse,
  type PagePledgesResponse,
  type PledgeLinkAction,
  type PledgeResponse,
  type RpcRequestOf,
  type RpcResponseOf,
  type SessionUser,
} from '@runpledge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { RateLimitService } from '../identity/rate-limit.service.js';
import { Idempotent } from '../common/idempotency.js';
import { Public } from '../common/public.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { idOr404 } from './route-ids.js';

const profileIdOr404 = (id: string): string => idOr404(id, RUNNER_PROFILE_NOT_FOUND);
const uuid = z.uuid();
/** A link whose pledge id cannot be one is as invalid as one with a wrong token. */
function pledgeIdOr400(id: string): string {
  if (!uuid.safeParse(id).success) throw new BadRequestException(PLEDGE_MESSAGES.linkInvalid);
  return id;
}

/**
 * Pledges per mile (they live in profiles). Supporters pledge without an account: a public write with
 * a per-IP budget and a per-address one (each pledge mails its address); the links of their mails
 * (confirm, paid, cancel, unsubscribe) carry a token and share the per-IP budget, so tokens cannot
 * be guessed at speed. A page's pledges are public on a published page; the owner manages them.
 */
@Controller()
export class PledgesController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly rateLimits: RateLimitService,
  ) {}

  @Public()
  @Idempotent()
  @Post('runner-profile/:id/pledges')
  async create(
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PledgeResponse> {
    await this.rateLimits.consume('publicWriteIp', request.ip, reply);
    const runnerProfileId = profileIdOr404(id);
    const pledge = parseOrThrow(createPledgeRequestSchema, body);
    // Counted by inbox (`Name+x@` is `name@`), before anything is stored or mailed.
    await this.rateLimits.consume('pledgeEmail', pledge.email, reply);
    return this.rpc.call(PLEDGES.create, { runnerProfileId, pledge });
  }

  @Public()
  @Get('runner-profile/:id/pledges')
  list(
    @Param('id') id: string,
    @Query() query: unknown,
    @CurrentUser() user: SessionUser | undefined,
  ): Promise<PagePledgesResponse> {
    const runnerProfileId = profileIdOr404(id);
    const { page } = parseOrThrow(pledgesPageQuerySchema, query);
    return this.rpc.call(PLEDGES.listPublic, { runnerProfileId, userId: user?.id ?? null, page });
  }

  @Get('runner-profile/:id/pledges/manage')
  manage(
    @Param('id') id: string,
    @Query() query: unknown,
    @CurrentUser() user: SessionUser,
  ): Promise<ManagePledgesResponse> {
    const runnerProfileId = profileIdOr404(id);
    const { page } = parseOrThrow(pledgesPageQuerySchema, query);
    return this.rpc.call(PLEDGES.listOwn, { runnerProfileId, userId: user.id, page });
  }

  /** The owner removes a pledge; ownership is checked in profiles. */
  @Delete('runner-profile/:id/pledges/:pledgeId')
  remove(
    @Param('id') id: string,
    @Param('pledgeId') pledgeId: string,
    @CurrentUser() user: SessionUser,
  ): Promise<{ success: true }> {
    const runnerProfileId = profileIdOr404(id);
    if (!uuid.safeParse(pledgeId).success) throw new NotFoundException(PLEDGE_MESSAGES.notFound);
    return this.rpc.call(PLEDGES.remove, { runnerProfileId, pledgeId, userId: user.id });
  }

  @Post('runner-profile/:id/pledges/close')
  @HttpCode(200)
  close(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<ClosePledgesResponse> {
    return this.rpc.call(PLEDGES.close, { runnerProfileId: profileIdOr404(id), userId: user.id });
  }

  @Public()
  @Post('pledges/confirm')
  @HttpCode(200)
  async confirm(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PledgeResponse> {
    await this.rateLimits.consume('publicWriteIp', request.ip, reply);
    return this.rpc.call(PLEDGES.confirm, parseOrThrow(confirmPledgeRequestSchema, body));
  }

  @Public()
  @Post('pledges/:id/paid')
  @HttpCode(200)
  paid(
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PledgeResponse> {
    return this.followLink('paid', id, body, request, reply);
  }

  @Public()
  @Post('pledges/:id/cancel')
  @HttpCode(200)
  cancel(
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PledgeResponse> {
    return this.followLink('cancel', id, body, request, reply);
  }

  @Public()
  @Post('pledges/:id/unsubscribe')
  @HttpCode(200)
  unsubscribe(
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ success: true }> {
    return this.followLink('unsubscribe', id, body, request, reply);
  }

  /** A link of the supporter's mails: the per-IP budget, the pledge id and the token, forwarded as one. */
  private async followLink<A extends PledgeLinkAction>(
    action: A,
    id: string,
    body: unknown,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<RpcResponseOf<(typeof PLEDGE_LINK_PATTERNS)[A]>> {
    await this.rateLimits.consume('publicWriteIp', request.ip, reply);
    const pledgeId = pledgeIdOr400(id);
    const command: z.input<typeof pledgeTokenCommandSchema> = {
      pledgeId,
      request: parseOrThrow(pledgeTokenRequestSchema, body),
    };
    // The three patterns take this one command; TypeScript cannot see it through the generic.
    return this.rpc.call(PLEDGE_LINK_PATTERNS[action], command as RpcRequestOf<(typeof PLEDGE_LINK_PATTERNS)[A]>);
  }
}
