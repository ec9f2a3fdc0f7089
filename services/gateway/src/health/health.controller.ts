import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Readiness } from '@runpledge/contracts';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/public.decorator.js';
import { ReadinessService } from './readiness.service.js';

@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * 200 while the gateway can serve, 503 otherwise; the body lists every service either way.
   * `?all=true` is 200 only when every service is up too (start-up scripts and tests wait on it).
   */
  @Get('ready')
  ready(@Query('all') all: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): Readiness {
    const result = this.readiness.check();
    reply.header('cache-control', 'no-store');
    const ready = all === 'true' ? result.status === 'ok' : result.status !== 'unavailable';
    if (!ready) reply.status(503);
    return result;
  }
}
