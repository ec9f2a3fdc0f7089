// Issue 27 item 12: a page's versioned share card must not outlive the page in caches.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ensureEventStream } from '@runpledge/server-kit';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { createPage, grantAccess, signUp } from './support/stack-users.js';

// Cards are drawn on a busy shared machine; the first also loads the fonts.
jest.setTimeout(90_000);

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <!-- share-tags: replaced by the gateway -->
    <title>RunPledge</title>
    <!-- /share-tags -->
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('versioned share cards after their page is unpublished or deleted', () => {
  let stack: Stack;
  let webDist: string;
  let nc: NatsConnection;

  const get = (path: string, init?: RequestInit) => fetch(`${stack.url}${path}`, init);

  /** The card URL (path and `?v=`) that the page's HTML names in og:image. */
  async function cardPathOf(slug: string): Promise<string> {
    const html = await (await get(`/${slug}`)).text();
    const image = /<meta property="og:image" content="([^"]*)" \/>/.exec(html)?.[1];
    expect(image).toMatch(/og-image\.png\?v=/);
    const url = new URL(image!);
    return url.pathname + url.search;
  }

  async function publishedPage(): Promise<{ runner: { id: string; cookie: string }; id: string; urlSlug: string }> {
    const runner = await signUp(stack.url);
    const page = await createPage(stack.url, runner.cookie, { name: 'Cached Carla' });
    await grantAccess(nc, runner.id);
    await eventually(async () => expect((await get(`/api/runner-profile/${page.urlSlug}`)).status).toBe(200), {
      timeoutMs: 10_000,
    });
    return { runner, ...page };
  }

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'rp-card-cache-'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    stack = await startGatewayStack({ WEB_DIST: webDist });
    nc = await connect({ servers: process.env.NATS_URL });
    await ensureEventStream(nc);
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await nc?.close();
    await stack?.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('is cached for minutes with revalidation, not a year, and answers 404 once the page is unpublished', async () => {
    const page = await publishedPage();
    const path = await cardPathOf(page.urlSlug);
    const card = await get(path);
    expect(card.status).toBe(200);
    const cacheControl = card.headers.get('cache-control')!;
    expect(cacheControl).not.toContain('immutable');
    expect(Number(/max-age=(\d+)/.exec(cacheControl)?.[1])).toBeLessThanOrEqual(300);
    const etag = card.headers.get('etag')!;
    expect(etag).toBeTruthy();
    // A cache revalidating its copy while the page is up is told it is still good.
    expect((await get(path, { headers: { 'if-none-match': etag } })).status).toBe(304);

    await grantAccess(nc, page.runner.id, 'canceled');
    await eventually(async () => expect((await get(path)).status).toBe(404), { timeoutMs: 10_000 });
    // Revalidating a kept copy is refused too: the cache must drop it.
    expect((await get(path, { headers: { 'if-none-match': etag } })).status).toBe(404);
  });

  it('answers 404 at the card URL once the page is deleted', async () => {
    const page = await publishedPage();
    const path = await cardPathOf(page.urlSlug);
    expect((await get(path)).status).toBe(200);

    const deleted = await get(`/api/runner-profile/${page.id}`, {
      method: 'DELETE',
      headers: { cookie: page.runner.cookie },
    });
    expect(deleted.status).toBe(200);
    await eventually(async () => expect((await get(path)).status).toBe(404), { timeoutMs: 10_000 });
  });
});
