import { Controller, Get, NotFoundException, Param, Query, Req, Res } from '@nestjs/common';
import {
  COMMUNITY,
  EVENT_LIMITS,
  EVENT_NOT_FOUND,
  SLUG_PATTERN,
  eventListQuerySchema,
  eventPageQuerySchema,
  type EventListResponse,
  type EventPageResponse,
} from '@runpledge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/public.decorator.js';
import { parseOrThrow } from '../../common/validation.js';
import { env } from '../../config/env.js';
import { RateLimitService } from '../../identity/rate-limit.service.js';
import { NatsRpcClient } from '../../nats/nats-rpc.client.js';
import { ViewCache } from '../../common/view-cache.js';

/**
 * The events directory and event pages (API.md "Events and race day"), answered by community. Both
 * are public and the same for everyone: reads are kept a moment per replica, and budgeted per IP.
 */
@Controller('events')
export class EventsController {
  private readonly lists = new ViewCache<EventListResponse>(env.EVENT_VIEW_CACHE_TTL_MS);
  private readonly pages = new ViewCache<EventPageResponse>(env.EVENT_VIEW_CACHE_TTL_MS);

  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly rateLimits: RateLimitService,
  ) {}

  /** Soonest first, 20 a page; what the marathon fields suggest as a runner types. */
  @Public()
  @Get()
  async list(
    @Query() query: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EventListResponse> {
    await this.rateLimits.consume('eventReadIp', request.ip, reply, 'requests');
    const parsed = parseOrThrow(eventListQuerySchema, query);
    const key = `${parsed.query ?? ''}\n${parsed.from ?? ''}\n${parsed.to ?? ''}\n${parsed.page}`;
    return this.lists.get(key, () => this.rpc.call(COMMUNITY.events.list, { query: parsed }));
  }

  /** Published pages only; an address no event could have is simply not found. */
  @Public()
  @Get(':slug')
  async get(
    @Param('slug') slug: string,
    @Query() query: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EventPageResponse> {
    await this.rateLimits.consume('eventReadIp', request.ip, reply, 'requests');
    const parsed = parseOrThrow(eventPageQuerySchema, query);
    const address = slug.toLowerCase();
    if (address.length > EVENT_LIMITS.slug || !SLUG_PATTERN.test(address)) throw new NotFoundException(EVENT_NOT_FOUND);
    const key = `${address}\n${parsed.by}\n${parsed.page}\n${parsed.query ?? ''}`;
    return this.pages.get(key, () => this.rpc.call(COMMUNITY.events.getBySlug, { slug: address, query: parsed }));
  }
}
