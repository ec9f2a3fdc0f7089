// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendPageEvent } from './page-events';

const id = '0b6f2f9e-6a52-4c1e-9a57-3f1d2c4b5a60';

describe('sendPageEvent', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the event as JSON, without cookies, kept alive past a navigation', () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    sendPageEvent({ id, isOwner: false, published: true }, { type: 'challenge', challengeId: id });
    expect(fetchMock).toHaveBeenCalledWith(`/api/runner-profile/${id}/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'challenge', challengeId: id }),
      credentials: 'omit',
      keepalive: true,
    });
  });

  it("sends nothing for the owner's own visits or an unpublished page, and swallows failures", async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('offline');
    });
    vi.stubGlobal('fetch', fetchMock);
    sendPageEvent({ id, isOwner: true, published: true }, { type: 'view' });
    sendPageEvent({ id, isOwner: false, published: false }, { type: 'view' });
    expect(fetchMock).not.toHaveBeenCalled();
    sendPageEvent({ id, isOwner: false, published: true }, { type: 'view' });
    await Promise.resolve();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
