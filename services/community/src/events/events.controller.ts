import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  COMMUNITY,
  getEventBySlugQuerySchema,
  listEventsQuerySchema,
  resolveEventCommandSchema,
  type EventListResponse,
  type EventPageResponse,
  type ResolvedEvent,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { EventsService } from './events.service.js';

@Controller()
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @RpcHandler(COMMUNITY.events.list)
  list(@Payload() payload: unknown): Promise<EventListResponse> {
    const { query } = listEventsQuerySchema.parse(payload);
    return this.events.list(query);
  }

  @RpcHandler(COMMUNITY.events.getBySlug)
  getBySlug(@Payload() payload: unknown): Promise<EventPageResponse> {
    const { slug, query } = getEventBySlugQuerySchema.parse(payload);
    return this.events.getBySlug(slug, query);
  }

  @RpcHandler(COMMUNITY.events.resolve)
  resolve(@Payload() payload: unknown): Promise<ResolvedEvent> {
    return this.events.resolve(resolveEventCommandSchema.parse(payload));
  }
}
