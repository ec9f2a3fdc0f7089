import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, pipeline } from 'node:stream';
import type { EmulatorLogger } from './logger.js';

export interface EmulatorRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
}

export interface EmulatorResponse {
  status: number;
  headers?: Record<string, string>;
  /** A string or Buffer is sent as is, a Readable streamed (set Content-Length yourself); anything else as JSON. */
  body?: unknown;
  /** Destroy the socket instead of answering (a fault: the client sees a reset connection). */
  dropConnection?: boolean;
}

export type Handler = (req: EmulatorRequest) => EmulatorResponse | Promise<EmulatorResponse>;

interface Route {
  method: string;
  segments: string[];
  handler: Handler;
}

/** A tiny method + path router: `/v1/customers/:id` binds `params.id`. */
export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method, segments: splitPath(pattern), handler });
    return this;
  }

  get(pattern: string, handler: Handler): this {
    return this.add('GET', pattern, handler);
  }
  post(pattern: string, handler: Handler): this {
    return this.add('POST', pattern, handler);
  }
  put(pattern: string, handler: Handler): this {
    return this.add('PUT', pattern, handler);
  }
  patch(pattern: string, handler: Handler): this {
    return this.add('PATCH', pattern, handler);
  }
  delete(pattern: string, handler: Handler): this {
    return this.add('DELETE', pattern, handler);
  }

  /** The matching route, or `methodNotAllowed` when only the path matched. */
  match(
    method: string,
    path: string,
  ): { handler: Handler; params: Record<string, string> } | 'methodNotAllowed' | undefined {
    const parts = splitPath(path);
    let pathMatched = false;
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method === method || (method === 'HEAD' && route.method === 'GET'))
        return { handler: route.handler, params };
      pathMatched = true;
    }
    return pathMatched ? 'methodNotAllowed' : undefined;
  }
}

function splitPath(path: string): string[] {
  return path.split('/').filter((part) => part.length > 0);
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i]!;
    const actual = parts[i]!;
    if (expected.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
      params[expected.slice(1)] = value;
    } else if (expected !== actual) {
      return undefined;
    }
  }
  return params;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): EmulatorResponse {
  return { status, body, headers };
}

export function html(status: number, page: string, headers: Record<string, string> = {}): EmulatorResponse {
  return { status, body: page, headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers } };
}

export function redirect(location: string, status = 302): EmulatorResponse {
  return { status, headers: { Location: location, 'Cache-Control': 'no-store' } };
}

export interface ServerHooks {
  /** Turns a thrown error into a response; unhandled errors become 500. */
  onError?: (error: unknown, req: EmulatorRequest) => EmulatorResponse | undefined;
  notFound: (req: EmulatorRequest) => EmulatorResponse;
  /** Headers added to (or a response returned instead of) every routed request. */
  around?: (req: EmulatorRequest, next: () => Promise<EmulatorResponse>) => Promise<EmulatorResponse>;
}

const MAX_BODY_BYTES = 1024 * 1024;

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on host:port (0 for any free port) and serves the router. */
export async function startHttpServer(
  options: { host: string; port: number; name: string; logger: EmulatorLogger },
  router: Router,
  hooks: ServerHooks,
): Promise<RunningServer> {
  const server: Server = createServer((req, res) => {
    void handle(req, res, router, hooks, options.logger);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${options.host === 'localhost' ? 'localhost' : hostForUrl}:${address.port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    port: address.port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // In-flight requests get a moment to finish; then the connections go.
        setTimeout(() => server.closeAllConnections(), 1_000).unref();
      });
      return closing;
    },
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  router: Router,
  hooks: ServerHooks,
  logger: EmulatorLogger,
): Promise<void> {
  const started = process.hrtime.bigint();
  const url = new URL(req.url ?? '/', 'http://emulator.local');
  let request: EmulatorRequest = {
    method: (req.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    query: url.searchParams,
    params: {},
    headers: req.headers,
    rawBody: Buffer.alloc(0),
  };
  let response: EmulatorResponse;
  try {
    request = { ...request, rawBody: await readBody(req) };
    const matched = router.match(request.method, request.path);
    const run = async (): Promise<EmulatorResponse> => {
      if (matched === undefined) return hooks.notFound(request);
      if (matched === 'methodNotAllowed') return hooks.notFound(request);
      try {
        return await matched.handler({ ...request, params: matched.params });
      } catch (error) {
        const mapped = hooks.onError?.(error, request);
        if (mapped) return mapped;
        throw error;
      }
    };
    response = hooks.around ? await hooks.around(request, run) : await run();
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      response = json(413, { message: 'Request body too large' });
    } else {
      logger.error({ err: error, method: request.method, path: request.path }, 'request failed');
      response = json(500, { message: 'Internal emulator error', detail: String(error) });
    }
  }
  send(res, response, request.method === 'HEAD');
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  logger.debug({ method: request.method, path: request.path, status: response.status, ms: Math.round(ms) }, 'request');
}

function send(res: ServerResponse, response: EmulatorResponse, headOnly: boolean): void {
  if (response.dropConnection) {
    res.socket?.destroy();
    return;
  }
  const headers: Record<string, string> = { ...response.headers };
  if (response.body instanceof Readable) {
    res.writeHead(response.status, headers);
    // A client that hangs up destroys the stream too.
    pipeline(response.body, res, () => {});
    return;
  }
  let payload: Buffer | undefined;
  if (response.body === undefined) {
    payload = undefined;
  } else if (typeof response.body === 'string') {
    payload = Buffer.from(response.body, 'utf8');
    headers['Content-Type'] ??= 'text/plain; charset=utf-8';
  } else if (Buffer.isBuffer(response.body)) {
    payload = response.body;
  } else {
    payload = Buffer.from(JSON.stringify(response.body), 'utf8');
    headers['Content-Type'] ??= 'application/json; charset=utf-8';
  }
  headers['Content-Length'] = String(payload?.length ?? 0);
  res.writeHead(response.status, headers);
  res.end(headOnly ? undefined : payload);
}

class BodyTooLargeError extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLargeError());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Parses a JSON body (an object) or returns undefined when the body is empty or not JSON. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> | undefined {
  if (raw.length === 0) return undefined;
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function isJsonRequest(headers: IncomingHttpHeaders): boolean {
  return (headers['content-type'] ?? '').toLowerCase().includes('application/json');
}

/** The origin of a URL (for CSP form-action), or undefined when it is not an absolute http(s) URL. */
export function originOf(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}
