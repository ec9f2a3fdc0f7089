import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UnsafeAddressError } from './platform.errors.js';

// Outside production too: a local server not named in PLATFORM_EMULATOR_ORIGINS is never asked.
describe('DonorDriveClient outside production', () => {
  let server: Server;
  let asked = 0;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    server = createServer((_req, res) => {
      asked += 1;
      res.end('{"sumDonations":1,"numDonations":1}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.DONORDRIVE_BASE_URL = '';
    process.env.PLATFORM_EMULATOR_ORIGINS = 'http://127.0.0.1:1';
  });

  afterAll(() => {
    server.close();
    process.env = savedEnv;
  });

  it('refuses an event URL on a local address not listed as an emulator, without a request', async () => {
    expect(process.env.NODE_ENV).not.toBe('production');
    // The configuration is read when the module loads: after the environment above is set.
    const { DonorDriveClient } = await import('./donordrive.client.js');
    const { port } = server.address() as AddressInfo;
    const page = { donorDriveEventUrl: `http://127.0.0.1:${port}/index.cfm`, donorDriveParticipantId: '1' };
    await expect(new DonorDriveClient().read(page, null, 'USD')).rejects.toBeInstanceOf(UnsafeAddressError);
    expect(asked).toBe(0);
  });
});
