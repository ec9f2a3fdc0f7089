import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { IndexTemplate } from './index-template.js';
import { canonicalRunnerPagePath, publicPagePreloads } from './route-preloads.js';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The head tags (escaped HTML) of a web app path: a runner page's own, or the site's. */
export interface PageTags {
  tagsFor(path: string): Promise<string>;
  /** Where a runner page's path lives now when the page moved to a new slug, else undefined. */
  movedPath?(path: string): Promise<string | undefined>;
}

/**
 * Serves the built web app: hashed files under /assets cached for a year, everything else
 * revalidated, and any unknown non-API GET answered with index.html so the SPA router takes it,
 * its head carrying the tags `pageTags` gives for the path (messengers run no JavaScript).
 * Returns the fallback the exception filter calls on a 404, or undefined when there is no build.
 */
export async function registerSpaHosting(
  fastify: FastifyInstance,
  webDist: string,
  pageTags?: PageTags,
): Promise<((request: FastifyRequest, reply: FastifyReply) => boolean) | undefined> {
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  // Read once: a deployment ships a new build with a new process.
  const indexHtml = readFileSync(indexFile, 'utf8');
  const template = new IndexTemplate(indexHtml);
  const preloadsFor = publicPagePreloads(webDist);
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
    // A page is found whatever the case of its address: one permanent address for links and caches.
    const canonical = canonicalRunnerPagePath(path);
    if (canonical !== undefined) {
      const search = request.url.slice(path.length);
      // One hop, also for an old address typed another way.
      const moved = pageTags?.movedPath?.(canonical).catch(() => undefined) ?? Promise.resolve(undefined);
      void moved.then((target) => {
        // A move is not for good (the page may move again, even back): browsers must ask again.
        if (target !== undefined) void reply.header('cache-control', 'no-cache');
        void reply.redirect(`${target ?? canonical}${search}`, 301);
      });
      return true;
    }
    // Revalidated; a moved page's 301 is not kept either: it may move again, even back here.
    void reply.header('cache-control', 'no-cache');
    if (!pageTags) {
      sendCompressed(request, reply.type('text/html; charset=utf-8'), indexHtml);
      return true;
    }
    void answerWithTags(request, reply, path, pageTags, (tags) => template.render(tags, preloadsFor(path))).catch(() =>
      sendCompressed(request, reply.type('text/html; charset=utf-8'), indexHtml),
    );
    return true;
  };
}

/**
 * A page that moved to a new slug answers 301 to its new address (the search kept); any other
 * path gets the app's HTML once its head tags are known. A failed look-up rejects: the caller
 * sends the page without them.
 */
async function answerWithTags(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  pageTags: PageTags,
  render: (tags: string) => string,
): Promise<void> {
  const moved = await pageTags.movedPath?.(path).catch(() => undefined);
  if (moved !== undefined) {
    void reply.redirect(`${moved}${request.url.slice(path.length)}`, 301);
    return;
  }
  const html = render(await pageTags.tagsFor(path));
  sendCompressed(request, reply.type('text/html; charset=utf-8'), html);
}

/**
 * The app's HTML, brotli or gzip when the client takes it. The SPA fallback answers from the 404
 * path, which @fastify/compress's hooks do not reach; a page is a few kB, compressed in well under 1 ms.
 */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string): void {
  void reply.header('vary', 'accept-encoding');
  const encoding = negotiate(String(request.headers['accept-encoding'] ?? ''), ['br', 'gzip']);
  if (encoding === 'br') {
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    void reply.header('content-encoding', 'br').send(body);
  } else if (encoding === 'gzip') {
    void reply.header('content-encoding', 'gzip').send(gzipSync(html));
  } else {
    void reply.send(html);
  }
}
