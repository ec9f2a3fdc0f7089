import type { FastifyInstance } from 'fastify';
import { registerJsonBodyParser } from '../json-body.parser.js';
import { registerCrossSiteGuard } from './cross-site.guard.js';
import { registerParameterTextGuard } from './parameter-text.guard.js';

/**
 * The checks every request passes before a handler, one file each in this folder: the cross-site
 * (CSRF) guard, the parameter-text guard and, as a Nest guard, the access token (AccessTokenGuard,
 * registered by IdentityModule). Also the JSON body parser the webhooks' signatures need.
 */
export function registerRequestGuards(fastify: FastifyInstance): void {
  registerCrossSiteGuard(fastify);
  registerParameterTextGuard(fastify);
  registerJsonBodyParser(fastify);
}
