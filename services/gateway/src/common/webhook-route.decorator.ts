import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { Public } from './public.decorator.js';

/** Fastify route config key the request guards read on the route the router matched. */
export const WEBHOOK_ROUTE = 'webhook';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by @WebhookRoute(): the caller authenticates by signature, not by session or Origin. */
    [WEBHOOK_ROUTE]?: boolean;
  }
}

/**
 * Marks a handler as an outside party's webhook: public, exempt from the CSRF checks (it authenticates
 * by signature or subscription id) and given the raw body. Set on the route itself, so no spelling of
 * another path can claim the exemption.
 */
export const WebhookRoute = (): MethodDecorator => applyDecorators(Public(), RouteConfig({ [WEBHOOK_ROUTE]: true }));

/** True when the router matched a route marked @WebhookRoute() (never judged from the URL's spelling). */
export function isWebhookRoute(request: FastifyRequest): boolean {
  return request.routeOptions.config?.[WEBHOOK_ROUTE] === true;
}
