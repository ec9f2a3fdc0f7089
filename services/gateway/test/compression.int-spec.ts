import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eventually, freePort } from '../../../scripts/jest/helpers.mjs';
import { startProcess } from '../../../scripts/lib/stack.mjs';

type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET that keeps the body as sent (fetch would decode it). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('gateway response compression', () => {
  const script = `export const story = ${JSON.stringify('Running for the hospital. '.repeat(200))};\n`;
  // Different from `script` so the test proves the build's .br file is what is sent.
  const prebuilt = `${script}// precompressed\n`;
  const indexHtml = `<!doctype html><head><title>RunPledge</title></head><div id="root"><!-- ${'loader '.repeat(300)} --></div>`;
  let webDist: string;
  let gateway: ReturnType<typeof startProcess>;
  let base: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'rp-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), indexHtml);
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), script);
    writeFileSync(join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync(prebuilt));
    writeFileSync(join(webDist, 'assets', 'plain-abc123.js'), script);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    gateway = startProcess('gateway', { ...process.env, PORT: String(port), WEB_DIST: webDist });
    await eventually(async () => expect((await fetch(`${base}/api/health/live`)).status).toBe(200), {
      timeoutMs: 20_000,
    });
  }, 30_000);

  afterAll(async () => {
    await gateway?.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('compresses the app page the SPA fallback sends for a path like /{slug}', async () => {
    const res = await rawGet(`${base}/jane-runs`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toContain('<div id="root">');
  });

  it('sends the precompressed brotli copy of a hashed asset, cached a year', async () => {
    const res = await rawGet(`${base}/assets/app-abc123.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(prebuilt);
  });

  it('compresses an asset without a precompressed copy on the fly', async () => {
    const res = await rawGet(`${base}/assets/plain-abc123.js`, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.length).toBeLessThan(script.length / 5);
    expect(gunzipSync(res.body).toString()).toBe(script);
  });

  it('sends the asset as it is to a client that accepts no encoding', async () => {
    const res = await rawGet(`${base}/assets/app-abc123.js`);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(script);
  });
});
