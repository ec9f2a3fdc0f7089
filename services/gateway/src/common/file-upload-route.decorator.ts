import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';

/** Fastify route config key the cross-site guard reads on the route the router matched. */
export const FILE_UPLOAD_ROUTE = 'fileUpload';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by @FileUploadRoute(): the body is multipart/form-data, not JSON. */
    [FILE_UPLOAD_ROUTE]?: boolean;
  }
}

/**
 * Marks a handler that takes a file as multipart/form-data. A cross-site form can post multipart
 * without a preflight, so such a route asks for `X-Requested-With: XMLHttpRequest` instead (a header
 * no cross-site form can send; a cross-site script would need a CORS preflight this API never grants).
 */
export const FileUploadRoute = (): MethodDecorator => RouteConfig({ [FILE_UPLOAD_ROUTE]: true });

export function isFileUploadRoute(request: FastifyRequest): boolean {
  return request.routeOptions.config?.[FILE_UPLOAD_ROUTE] === true;
}
