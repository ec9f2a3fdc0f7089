import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { listenInBackground } from './listen-in-background.js';

/** One readiness condition: resolves to a problem ("cannot reach the database") or undefined when fine. */
export type ReadinessCheck = () => Promise<string | undefined> | string | undefined;

export interface HealthServerOptions {
  port: number;
  host?: string;
  /** Every check runs on each `/readyz`; any problem (or a check slower than `checkTimeoutMs`) is a 503. */
  checks: Record<string, ReadinessCheck>;
  checkTimeoutMs?: number;
  logger?: Logger;
}

export interface HealthServer {
  readonly port: number;
  /** From now on `/readyz` answers 503: called on SIGTERM, before draining starts. */
  markShuttingDown(): void;
  close(): Promise<void>;
}

/**
 * A tiny HTTP listener for processes that have no HTTP port of their own (the NATS services, the
 * workers), for Kubernetes probes and container health checks: `GET /healthz` is 200 while the
 * process runs; `GET /readyz` is 200 when every check passes, 503 naming the failing ones, and 503
 * once shutdown has begun. It never keeps the process alive on its own.
 */
export async function startHealthServer(options: HealthServerOptions): Promise<HealthServer> {
  const checkTimeoutMs = options.checkTimeoutMs ?? 1500;
  let shuttingDown = false;

  async function readiness(): Promise<{ status: 'ok' | 'unavailable'; failing: string[] }> {
    if (shuttingDown) return { status: 'unavailable', failing: ['shutting down'] };
    const failing = await Promise.all(
      Object.entries(options.checks).map(async ([name, check]) => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<string>((resolve) => {
          timer = setTimeout(() => resolve(`no answer in ${checkTimeoutMs} ms`), checkTimeoutMs);
        });
        try {
          const problem = await Promise.race([Promise.resolve().then(check), timeout]);
          return problem === undefined ? undefined : `${name}: ${problem}`;
        } catch (err) {
          return `${name}: ${(err as Error).message}`;
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    const problems = failing.filter((p): p is string => p !== undefined);
    return { status: problems.length === 0 ? 'ok' : 'unavailable', failing: problems };
  }

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, { status: 'method not allowed' });
    if (path === '/healthz') return send(200, { status: 'ok' });
    if (path === '/readyz') {
      void readiness().then((result) => send(result.status === 'ok' ? 200 : 503, result));
      return;
    }
    send(404, { status: 'not found' });
  });
  // Probes open a connection per request; keep-alive would only hold sockets open during shutdown.
  server.keepAliveTimeout = 0;

  const port = await listenInBackground(server, options.port, options.host);
  options.logger?.info({ port }, 'health endpoints listening (/healthz, /readyz)');

  return {
    port,
    markShuttingDown() {
      shuttingDown = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
