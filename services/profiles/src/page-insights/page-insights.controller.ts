import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  PROFILES,
  pageInsightsQuerySchema,
  recordPageEventCommandSchema,
  type PageInsights,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { PageInsightsService } from './page-insights.service.js';

@Controller()
export class PageInsightsController {
  constructor(private readonly insights: PageInsightsService) {}

  @RpcHandler(PROFILES.insights.recordEvent)
  async record(@Payload() payload: unknown): Promise<{ recorded: true }> {
    await this.insights.record(recordPageEventCommandSchema.parse(payload));
    return { recorded: true };
  }

  @RpcHandler(PROFILES.insights.get)
  get(@Payload() payload: unknown): Promise<PageInsights> {
    return this.insights.insights(pageInsightsQuerySchema.parse(payload));
  }
}
