import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built web app: hashed files under /assets cached for a year, everything else
 * revalidated, and any unknown non-API GET answered with index.html so the SPA router takes it.
 * Returns the fallback the exception filter calls on a 404, or undefined when there is no build.
 */
export async function registerSpaHosting(
  fastify: FastifyInstance,
  webDist: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => boolean) | undefined> {
  if (!existsSync(join(webDist, 'index.html'))) return undefined;
  await fastify.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build writes .br and .gz copies of the hashed assets (web/vite.config.ts).
    preCompressed: true,
    setHeaders: (res, path) => {
      const hashed = path.includes(`${join(webDist, 'assets')}`);
      void res.header('cache-control', hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
    },
  });
  return (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path === '/api' || path.startsWith('/api/')) {
      return false;
    }
    // A missing hashed asset must be a real 404, not HTML the browser tries to run.
    if (path.startsWith('/assets/')) return false;
    void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    return true;
  };
}
