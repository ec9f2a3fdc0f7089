import {
  applyDecorators,
  Catch,
  HttpException,
  Logger,
  UseFilters,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { NAVIGATION_FAILURES, type NavigationFailure } from '@runpledge/contracts';
import { isDependencyOutage } from '@runpledge/server-kit/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Fastify route config key of the routes marked @BrowserNavigation(). */
export const BROWSER_NAVIGATION_ROUTE = 'browserNavigation';

/** Where a browser-navigation route sends the browser when it fails: `{page}?{param}={outcome}`. */
export interface NavigationFailureTarget {
  /** A page of the web app (a path on this site, never a URL taken from the request). */
  page: string;
  /** The query parameter the page reads the outcome from. */
  param: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by @BrowserNavigation(): a failure answers 302 to a page of the app, never JSON. */
    [BROWSER_NAVIGATION_ROUTE]?: NavigationFailureTarget;
  }
}

/** The outcome code an error stands for, as the page of the app reads it. */
export function navigationFailureOf(status: number): NavigationFailure {
  if (status === 401) return NAVIGATION_FAILURES.signInRequired;
  if (status === 429 || status === 503 || status === 504) return NAVIGATION_FAILURES.unavailable;
  if (status >= 400 && status < 500) return NAVIGATION_FAILURES.invalidRequest;
  return NAVIGATION_FAILURES.failed;
}

function statusOf(exception: unknown): number {
  if (exception instanceof HttpException) return exception.getStatus();
  if (isDependencyOutage(exception)) return 503;
  const status = (exception as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

/**
 * When the route the router matched is a browser-navigation route, answers the failure with a 302 to
 * its page and the outcome code (only the code: no message, secret or token travels in the address)
 * and resolves true; false for any other route. For the request guards that run before Nest.
 */
export function redirectNavigationFailure(request: FastifyRequest, reply: FastifyReply, status: number): boolean {
  const target = request.routeOptions.config?.[BROWSER_NAVIGATION_ROUTE];
  if (!target) return false;
  const location = `${target.page}?${new URLSearchParams({ [target.param]: navigationFailureOf(status) })}`;
  void reply.header('cache-control', 'no-store').redirect(location, 302);
  return true;
}

/** Every error of a browser-navigation route, from its guards to its handler, as a redirect to its page. */
@Catch()
export class BrowserNavigationFilter implements ExceptionFilter {
  private readonly logger = new Logger('BrowserNavigation');

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const status = statusOf(exception);
    if (status >= 500) {
      const line = `${request.method} ${request.routeOptions.url ?? ''} failed with ${status}: redirected to a notice`;
      if (status === 503 || status === 504) this.logger.warn(`${line} (${String(exception)})`);
      else this.logger.error(line, exception instanceof Error ? exception.stack : String(exception));
    }
    if (reply.sent) return;
    if (!redirectNavigationFailure(request, reply, status)) {
      // Bound only by @BrowserNavigation(), which also sets the route config; never reached.
      void reply.status(status).send();
    }
  }
}

/**
 * Marks a route the browser navigates to (a link, a redirect from another site) rather than calls:
 * whatever fails (a bad or forged address, no session, a service down or slow, a failed save) answers
 * 302 to `target.page` with the outcome code in `target.param`, where the app shows the notice and the
 * next step, never an error body on a blank page. The handler redirects on success itself.
 */
export const BrowserNavigation = (target: NavigationFailureTarget): MethodDecorator =>
  applyDecorators(RouteConfig({ [BROWSER_NAVIGATION_ROUTE]: target }), UseFilters(BrowserNavigationFilter));
