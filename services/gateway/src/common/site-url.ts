import { BadRequestException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { env } from '../config/env.js';

/**
 * Refuses a URL that leaves this site (no open redirect through Stripe's pages). Outside production
 * the address the browser used also counts (localhost vs 127.0.0.1, a test stack's port).
 */
export function assertOnThisSite(url: string, request: FastifyRequest, field: string): void {
  const allowed = new Set([new URL(env.PUBLIC_URL).origin]);
  if (env.NODE_ENV !== 'production') allowed.add(`${request.protocol}://${request.headers.host}`);
  if (!allowed.has(new URL(url).origin)) throw new BadRequestException(`${field} must be a URL on this site`);
}
