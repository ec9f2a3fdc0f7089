import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { eventually, signUpRunner } from '../../../scripts/jest/helpers.mjs';
import { bigGpx, FIXTURES } from './fixtures/activity-files/generate.mjs';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';

// One account must not exhaust the gateway with uploads: the bytes of uploads in flight are bounded
// per runner and in all, and an upload past the bound is answered 503 with Retry-After before its
// body is read; the file is streamed to the reading thread, never gathered (twice) in the gateway.

const MB = 1024 * 1024;
const TEN_MB_BODY = 10 * MB;
/** One 10 MB file per runner at a time; three in all (the multipart overhead is counted too). */
const PER_RUNNER_BYTES = 11 * MB;
const TOTAL_BYTES = 33 * MB;
const OWN_BUSY = 'Your other files are still being uploaded. Please try again once they are done.';
const ALL_BUSY = 'Too many files are being uploaded right now. Please try again in a minute.';
const fixture = (name: string) => readFileSync(new URL(`./fixtures/activity-files/${name}`, import.meta.url));

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: { message?: string; activity?: { id: string } };
  ms: number;
}

describe('activity uploads: bytes in flight bounded (POST /api/activities/upload)', () => {
  let stack: Stack;
  const open: ClientRequest[] = [];

  const signUp = async () => ((await signUpRunner(stack.url)) as { cookie: string }).cookie;
  const multipart = (fileName: string) => {
    const boundary = `----bounds${Math.random().toString(16).slice(2)}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    return { boundary, head, tail };
  };

  /**
   * An upload that announces a 10 MB file, sends its first 64 KB and then nothing more: its body never
   * completes. Resolves with the answer as soon as one comes (the request stays open).
   */
  const stalledUpload = (cookie: string, fileName = 'slow.gpx') => {
    const { boundary, head, tail } = multipart(fileName);
    const started = performance.now();
    const req = httpRequest(`${stack.url}/api/activities/upload`, {
      method: 'POST',
      headers: {
        cookie,
        'x-requested-with': 'XMLHttpRequest',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + TEN_MB_BODY + tail.length),
      },
    });
    open.push(req);
    req.on('error', () => {});
    req.write(head);
    req.write(Buffer.alloc(64 * 1024, 0x20));
    const answer = new Promise<Answer>((resolve) => {
      req.on('response', (res: IncomingMessage) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'] as string | undefined,
            body: text ? (JSON.parse(text) as Answer['body']) : {},
            ms: performance.now() - started,
          }),
        );
      });
    });
    return { req, answer };
  };

  const upload = async (content: Uint8Array | string, fileName: string, cookie: string): Promise<Answer> => {
    const form = new FormData();
    form.append('file', new Blob([content]), fileName);
    const started = performance.now();
    const res = await fetch(`${stack.url}/api/activities/upload`, {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie },
      body: form,
    });
    const text = await res.text();
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after') ?? undefined,
      body: text ? (JSON.parse(text) as Answer['body']) : {},
      ms: performance.now() - started,
    };
  };

  /** The gateway process's resident memory (VmRSS), in bytes. */
  const gatewayRss = () => {
    const pid = stack.processes.get('gateway')!.child.pid!;
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'))!;
    return Number(/(\d+)/.exec(line)![1]) * 1024;
  };

  /** Closes the stalled uploads; their bytes in flight are given back once the gateway sees them go. */
  const closeStalled = () => {
    for (const req of open.splice(0)) req.destroy();
  };

  beforeAll(async () => {
    stack = await startGatewayStack({
      RATE_LIMIT_ACTIVITY_UPLOADS_PER_USER: '1000',
      ACTIVITY_UPLOAD_BYTES_PER_USER: String(PER_RUNNER_BYTES),
      ACTIVITY_UPLOAD_BYTES_MAX: String(TOTAL_BYTES),
    });
  }, STACK_START_TIMEOUT_MS);

  // A test that fails midway leaves its stalled uploads holding the bound and the thread.
  afterEach(() => closeStalled());

  afterAll(async () => {
    closeStalled();
    await stack?.stop();
  });

  it('answers 503 with Retry-After at once, body unread, past the bound per runner and then in all; the bytes come back', async () => {
    const first = await signUp();
    const slow = stalledUpload(first);
    // A second file of the same runner while the first is in flight: refused at once, though its own
    // body never completes either. On a loaded machine the second may reach the gateway first and be
    // the one held: the next one is then refused, so ask until one is.
    await eventually(
      async () => {
        const again = await Promise.race([
          stalledUpload(first, 'again.gpx').answer,
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('no answer within 5 s: the gateway waited for the body')), 5_000),
          ),
        ]);
        expect(again).toMatchObject({ status: 503, body: { message: OWN_BUSY } });
        expect(Number(again.retryAfter)).toBeGreaterThan(0);
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );

    // Two more runners take the rest of the bound; a fourth is refused (the bound in all).
    const others = [await signUp(), await signUp()];
    const held = others.map((cookie) => stalledUpload(cookie));
    const fourth = await signUp();
    await eventually(
      async () => {
        const refused = await Promise.race([
          stalledUpload(fourth, 'fourth.gpx').answer,
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within 5 s')), 5_000)),
        ]);
        expect(refused).toMatchObject({ status: 503, body: { message: ALL_BUSY } });
        expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );

    // Gone, the stalled uploads give their bytes back: the same runners upload at once.
    void slow;
    void held;
    closeStalled();
    await eventually(
      async () => expect((await upload(fixture(FIXTURES.gpx.file), 'run.gpx', first)).status).toBe(201),
      {
        timeoutMs: 20_000,
        intervalMs: 200,
      },
    );
    expect((await upload(fixture(FIXTURES.tcx.file), 'tempo.tcx', fourth)).status).toBe(201);
  }, 120_000);

  it("keeps the gateway's memory bounded while thirty 10 MB files arrive at once from one runner", async () => {
    const cookie = await signUp();
    const big = new TextEncoder().encode(bigGpx(TEN_MB_BODY - 64 * 1024));
    // A first file read: the reading thread and its modules are loaded before the baseline.
    expect((await upload(big, 'warm-up.gpx', cookie)).status).toBe(201);
    const baseline = gatewayRss();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, gatewayRss())), 50);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => upload(big, `ultra-${i}.gpx`, cookie)),
    ).finally(() => clearInterval(sampler));
    const growthMb = (peak - baseline) / MB;
    console.log(`gateway RSS ${Math.round(baseline / MB)} MB before, ${Math.round(peak / MB)} MB at the peak`);
    // Before the bound thirty files took 600 MB and more (each gathered whole, twice); one file in
    // flight per runner leaves one file's reading.
    expect(growthMb).toBeLessThan(160);
    const statuses = answers.map((a) => a.status);
    // The same run each time: at most one stored, the rest repeats (409) or refused while in flight (503).
    expect(statuses.filter((s) => s !== 503 && s !== 409 && s !== 201)).toEqual([]);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(25);
    for (const refused of answers.filter((a) => a.status === 503)) {
      expect(refused.body.message).toBe(OWN_BUSY);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
  }, 240_000);
});
