import { describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UnsafeAddressError } from './platform.errors.js';
import { platformGet } from './platform-http.js';

const strict = { timeoutMs: 2000, publicOnly: { allowedHosts: [] as string[] } };

describe('platformGet for addresses users type (production rule)', () => {
  it.each([
    'https://127.0.0.1/api/participants/1',
    'https://[::1]/api/participants/1',
    'https://169.254.169.254/latest/meta-data',
    'https://10.0.0.5/api',
    'https://[::ffff:127.0.0.1]/api',
  ])('refuses the literal non-public address %s', async (url) => {
    await expect(platformGet(new URL(url), strict)).rejects.toBeInstanceOf(UnsafeAddressError);
  });

  it('refuses a name that resolves to a loopback address, checked when connecting', async () => {
    await expect(platformGet(new URL('https://localhost:9/api'), strict)).rejects.toBeInstanceOf(UnsafeAddressError);
  });

  it('refuses plain http and hosts off the allow list', async () => {
    await expect(platformGet(new URL('http://www.extra-life.org/api'), strict)).rejects.toThrow('Only https');
    await expect(
      platformGet(new URL('https://evil.example/api'), {
        ...strict,
        publicOnly: { allowedHosts: ['*.donordrive.com'] },
      }),
    ).rejects.toThrow('not an allowed host');
  });

  it('reaches a local server only when the production rule is off (development, the emulator)', async () => {
    const server = createServer((_req, res) => res.end('{"ok":true}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const response = await platformGet(new URL(`http://127.0.0.1:${port}/`), { timeoutMs: 2000 });
      expect([response.status, response.body]).toEqual([200, '{"ok":true}']);
      await expect(platformGet(new URL(`https://localhost:${port}/`), strict)).rejects.toBeInstanceOf(
        UnsafeAddressError,
      );
    } finally {
      server.close();
    }
  });
});
