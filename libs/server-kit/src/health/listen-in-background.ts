import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts `server` on `port` (0: a free one) and `host` (every interface unless given), unref'd so it
 * never keeps the process alive on its own; resolves to the port it got, rejects if it cannot listen.
 */
export async function listenInBackground(server: Server, port: number, host = '0.0.0.0'): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.unref();
  return (server.address() as AddressInfo).port;
}
