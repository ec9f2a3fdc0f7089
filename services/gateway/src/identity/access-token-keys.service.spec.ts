import { describe, expect, it } from '@jest/globals';
import { IDENTITY } from '@runpledge/contracts';
import { generateAccessTokenKey, loadVerificationKeys, publicAccessTokenJwks } from '@runpledge/server-kit/auth';
import { AccessTokenKeys, UNKNOWN_KID_REFETCH_MS } from './access-token-keys.service.js';

/** identity's key set as `identity.keys.list` answers it, and a count of the calls. */
function fakeIdentity() {
  const keys = [generateAccessTokenKey()];
  const calls: string[] = [];
  let down = false;
  const rpc = {
    call: async <T>(pattern: string): Promise<T> => {
      calls.push(pattern);
      if (down) throw new Error('no responders');
      return { keys: publicAccessTokenJwks({ ACCESS_TOKEN_KEYS: JSON.stringify(keys) }) } as T;
    },
  };
  return {
    rpc,
    calls,
    rotate: () => keys.unshift(generateAccessTokenKey()),
    setDown: (value: boolean) => (down = value),
    kid: (i = 0) => keys[i]!.kid!,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the gateway's access token keys, learnt from identity", () => {
  it('loads the published set at start, and retries while identity does not answer', async () => {
    const identity = fakeIdentity();
    identity.setDown(true);
    const keys = new AccessTokenKeys(identity.rpc);
    keys.onApplicationBootstrap();
    await settle();
    expect(keys.ready).toBe(false);
    expect(await keys.keyFor(identity.kid())).toBeUndefined();
    identity.setDown(false);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(keys.ready).toBe(true);
    expect(await keys.keyFor(identity.kid())).toMatch(/BEGIN PUBLIC KEY/);
    expect(identity.calls.every((p) => p === IDENTITY.keys.list)).toBe(true);
    keys.onApplicationShutdown();
  });

  it('refetches on an unknown kid (a rotation), at most once a minute however many made-up kids arrive', async () => {
    const identity = fakeIdentity();
    let now = 1_000_000;
    const keys = new AccessTokenKeys(identity.rpc, () => now);
    keys.onApplicationBootstrap();
    await settle();
    expect(identity.calls).toHaveLength(1);

    identity.rotate();
    expect(await keys.keyFor(identity.kid(0))).toMatch(/BEGIN PUBLIC KEY/);
    expect(identity.calls).toHaveLength(2);
    // The old key is still accepted while identity lists it.
    expect(await keys.keyFor(identity.kid(1))).toMatch(/BEGIN PUBLIC KEY/);

    for (let i = 0; i < 50; i++) expect(await keys.keyFor(`made-up-${i}`)).toBeUndefined();
    expect(identity.calls).toHaveLength(2);
    now += UNKNOWN_KID_REFETCH_MS - 1;
    identity.rotate();
    expect(await keys.keyFor(identity.kid(0))).toBeUndefined();
    now += 1;
    expect(await keys.keyFor(identity.kid(0))).toMatch(/BEGIN PUBLIC KEY/);
    expect(identity.calls).toHaveLength(3);
    keys.onApplicationShutdown();
  });

  it('keeps the pinned ACCESS_TOKEN_PUBLIC_KEYS beside what identity publishes', async () => {
    const pinned = generateAccessTokenKey();
    const pinnedKeys = loadVerificationKeys({
      ACCESS_TOKEN_PUBLIC_KEYS: JSON.stringify(publicAccessTokenJwks({ ACCESS_TOKEN_KEYS: JSON.stringify([pinned]) })),
    });
    const identity = fakeIdentity();
    const keys = new AccessTokenKeys(identity.rpc, Date.now, pinnedKeys);
    expect(await keys.keyFor(pinned.kid!)).toMatch(/BEGIN PUBLIC KEY/);
    keys.onApplicationBootstrap();
    await settle();
    expect(await keys.keyFor(pinned.kid!)).toMatch(/BEGIN PUBLIC KEY/);
    expect(await keys.keyFor(identity.kid())).toMatch(/BEGIN PUBLIC KEY/);
    keys.onApplicationShutdown();
  });
});
