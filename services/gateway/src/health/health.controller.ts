import { Controller, Get, Res } from '@nestjs/common';
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

  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Readiness> {
    const result = await this.readiness.check();
    reply.header('cache-control', 'no-store');
    if (result.status !== 'ok') reply.status(503);
    return result;
  }
}
