import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { PageInsights, ProfileView } from '@runpledge/contracts';
import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { eventually, signUpRunner } from '../../../scripts/jest/helpers.mjs';
import type { Json } from './support/api-client.js';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { grantAccess } from './support/stack-users.js';

jest.setTimeout(60_000);

/** Page events per IP per minute in this stack: small, so the limit can be reached. */
const PAGE_EVENTS_PER_IP = 8;

describe('owner insights and the race-day poster through the gateway', () => {
  let stack: Stack;
  let nc: NatsConnection;
  let alice: { cookie: string; id: string };
  let bob: { cookie: string; id: string };
  let page: ProfileView;
  let ipCounter = 0;
  const newIp = () => `192.0.2.${(ipCounter += 1)}`;

  async function call(
    method: string,
    path: string,
    { body, cookie, ip, ua }: { body?: unknown; cookie?: string; ip?: string; ua?: string } = {},
  ): Promise<{ status: number; body: Json; headers: Headers; bytes: Buffer }> {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...(ip ? { 'x-forwarded-for': ip } : {}),
        ...(ua ? { 'user-agent': ua } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const json = (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(bytes.toString()) : undefined;
    return { status: res.status, body: json, headers: res.headers, bytes };
  }

  const signUp = () => signUpRunner(stack.url, { ip: newIp() });

  const event = (body: unknown, ip = newIp(), ua = 'Mozilla/5.0 Firefox') =>
    call('POST', `/api/runner-profile/${page.id}/events`, { body, ip, ua });

  beforeAll(async () => {
    stack = await startGatewayStack({
      TRUST_PROXY: 'true',
      RATE_LIMIT_PAGE_EVENTS_PER_IP: String(PAGE_EVENTS_PER_IP),
    });
    nc = await connect({ servers: process.env.NATS_URL });
    alice = await signUp();
    bob = await signUp();
    await grantAccess(nc, alice.id, 'lifetime');
    const created = await call('POST', '/api/runner-profile', {
      cookie: alice.cookie,
      body: {
        urlSlug: `insights-gw-${Date.now().toString(36)}`,
        name: 'Jane Doe',
        marathonName: 'Chicago Marathon',
        marathonDate: '2027-10-10',
        description: 'Running for the kids.',
        donationPlatform: 'justgiving',
        justGivingPageShortName: 'jane-runs',
        challenges: [{ amount: 25, description: 'Pick a song', isExclusive: false }],
      },
    });
    expect(created.status).toBe(201);
    page = await eventually(async () => {
      const view = (await call('GET', `/api/runner-profile/${created.body.profile.urlSlug}`)).body.profile;
      expect(view.published).toBe(true);
      return view as ProfileView;
    });
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await nc?.close();
    await stack?.stop();
  });

  it('counts public events without setting a cookie, each visitor once, and shows them to the owner only', async () => {
    const visitor = newIp();
    for (let i = 0; i < 3; i += 1) {
      const res = await event({ type: 'view' }, visitor);
      expect(res.status).toBe(204);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    expect((await event({ type: 'view' })).status).toBe(204);
    expect((await event({ type: 'share' })).status).toBe(204);
    expect((await event({ type: 'donate' })).status).toBe(204);
    const challengeId = page.fundraisingChallenges[0]!.id;
    expect((await event({ type: 'challenge', challengeId })).status).toBe(204);

    const mine = await call('GET', `/api/runner-profile/${page.id}/insights`, { cookie: alice.cookie });
    expect(mine.status).toBe(200);
    const insights = mine.body as PageInsights;
    expect(insights.days).toHaveLength(30);
    expect(insights.days.at(-1)).toMatchObject({
      date: new Date().toISOString().slice(0, 10),
      views: 4,
      uniqueVisitors: 2,
      shares: 1,
      donateClicks: 1,
      challengePicks: 1,
    });
    expect(insights.challenges).toEqual([{ id: challengeId, description: 'Pick a song', picks: 1 }]);
    expect(
      (await call('GET', `/api/runner-profile/${page.id}/insights?days=7`, { cookie: alice.cookie })).body.days,
    ).toHaveLength(7);

    expect((await call('GET', `/api/runner-profile/${page.id}/insights`, { cookie: bob.cookie })).status).toBe(403);
    expect((await call('GET', `/api/runner-profile/${page.id}/insights`)).status).toBe(401);
    expect(
      (await call('GET', `/api/runner-profile/${page.id}/insights?days=400`, { cookie: alice.cookie })).status,
    ).toBe(400);
  });

  it('refuses malformed events with 400 and unknown pages with 404', async () => {
    const bad = await event({ type: 'purchase' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The event type must be one of view, share, donate or challenge');
    expect((await event({ type: 'challenge' })).body.message).toBe(
      'A challenge event names the challenge (challengeId)',
    );
    expect((await event({ type: 'view', extra: 'x' })).status).toBe(400);
    expect(
      (await call('POST', `/api/runner-profile/${randomUUID()}/events`, { body: { type: 'view' }, ip: newIp() }))
        .status,
    ).toBe(404);
    expect(
      (await call('POST', `/api/runner-profile/not-an-id/events`, { body: { type: 'view' }, ip: newIp() })).status,
    ).toBe(404);
  });

  it('throttles one address that floods the events (429 with Retry-After)', async () => {
    const flooder = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < PAGE_EVENTS_PER_IP + 2; i += 1) statuses.push((await event({ type: 'view' }, flooder)).status);
    expect(statuses.slice(0, PAGE_EVENTS_PER_IP)).toEqual(Array(PAGE_EVENTS_PER_IP).fill(204));
    expect(statuses.slice(PAGE_EVENTS_PER_IP)).toEqual([429, 429]);
    const limited = await event({ type: 'view' }, flooder);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another visitor is not held back.
    expect((await event({ type: 'view' })).status).toBe(204);
  });

  it('gives the owner an A4 PDF and PNG poster, drawn once, and nobody else anything', async () => {
    const pdf = await call('GET', `/api/runner-profile/${page.id}/poster.pdf`, { cookie: alice.cookie });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="runpledge-poster-${page.urlSlug}.pdf"`);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf.bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    // A4: 210 × 297 mm in points.
    expect(width).toBeCloseTo(595.28, 1);
    expect(height).toBeCloseTo(841.89, 1);
    expect(doc.getTitle()).toBe('Jane Doe: race-day poster');

    const png = await call('GET', `/api/runner-profile/${page.id}/poster.png`, { cookie: alice.cookie });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // IHDR: A4 at 150 dpi.
    expect([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)]).toEqual([1240, 1754]);
    // The PNG came from the drawing the PDF made; asking again is answered from the cache or by ETag.
    expect(png.headers.get('server-timing')).toContain('cached');
    const again = await call('GET', `/api/runner-profile/${page.id}/poster.png`, { cookie: alice.cookie });
    expect(again.bytes.equals(png.bytes)).toBe(true);
    const revalidated = await fetch(`${stack.url}/api/runner-profile/${page.id}/poster.png`, {
      headers: { cookie: alice.cookie, 'if-none-match': png.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);

    expect((await call('GET', `/api/runner-profile/${page.id}/poster.pdf`, { cookie: bob.cookie })).status).toBe(403);
    expect((await call('GET', `/api/runner-profile/${page.id}/poster.png`)).status).toBe(401);
    expect((await call('GET', `/api/runner-profile/${randomUUID()}/poster.pdf`, { cookie: alice.cookie })).status).toBe(
      404,
    );
  });
});
