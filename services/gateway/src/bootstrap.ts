import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { ACTIVITY_FILE_LIMITS } from '@runpledge/contracts';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { nestLogger } from '@runpledge/server-kit/logging';
import { startMetricsServer } from '@runpledge/server-kit/metrics';
import { runInHttpServerSpan, runWithRequestId } from '@runpledge/server-kit/telemetry';
import helmet from 'helmet';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import { contentSecurityPolicyDirectives } from './common/content-security-policy.js';
import { HttpExceptionFilter } from './common/http-exception.filter.js';
import { registerHttpMetrics } from './common/http-metrics.js';
import { registerRequestGuards } from './common/guards/request-guards.js';
import { env } from './config/env.js';
import { ReadinessService } from './health/readiness.service.js';
import { registerApiReferenceAssets } from './openapi/api-reference.js';
import { SharePreviewsService } from './pages/share-previews.service.js';
import { registerSpaHosting } from './pages/spa-hosting.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds and starts the gateway: one port for `/api` and the web app. */
export async function bootstrapGateway(
  logger: Logger,
  port = env.PORT,
): Promise<{ app: NestFastifyApplication; url: string }> {
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    disableRequestLogging: false,
    trustProxy: env.TRUST_PROXY,
    // genReqId reads and validates the header itself; fastify would take any value.
    requestIdHeader: false,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 256 * 1024,
    // `/api/runner-profile/jane-doe/` is the same call as without the slash.
    routerOptions: { ignoreTrailingSlash: true },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, {
    logger: nestLogger(logger),
    // Our own JSON parser (registerRequestGuards) replaces Nest's.
    bodyParser: false,
  });
  app.setGlobalPrefix('api');
  // Exit 0 once drained: Nest otherwise re-raises the signal, which a PID 1 process ignores.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });

  const fastify = app.getHttpAdapter().getInstance();
  const readiness = app.get(ReadinessService);
  registerHttpMetrics(fastify);
  // Everything done for a request (its log lines, the RPCs it sends) knows its id and, with
  // tracing on, runs in the request's server span, named by its route template (as the HTTP
  // metrics are) and ended once the response is sent or the client gone.
  const endSpanOf = new WeakMap<object, (statusCode: number) => void>();
  fastify.addHook('onRequest', (request, _reply, done) => {
    const { method, url, headers } = request;
    const end = runInHttpServerSpan({ method, url, headers, route: request.routeOptions.url }, () =>
      runWithRequestId(request.id, done),
    );
    endSpanOf.set(request, end);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    endSpanOf.get(request)?.(reply.statusCode);
    done();
  });
  fastify.addHook('onRequestAbort', (request, done) => {
    endSpanOf.get(request)?.(499);
    done();
  });
  fastify.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    // Once shutdown begins, clients (the ingress's kept-alive upstream connections) must reconnect
    // elsewhere: a connection kept alive after its last response would hold the closing server open
    // for the whole keep-alive timeout, past the pod's grace period.
    if (readiness.shuttingDown) void reply.header('connection', 'close');
  });
  // Helmet's middleware, built once: @fastify/helmet built it (parsing the CSP) again per request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: contentSecurityPolicyDirectives({ googleAnalytics: Boolean(env.GA_MEASUREMENT_ID) }),
    },
    crossOriginEmbedderPolicy: false,
  });
  fastify.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  // Brotli or gzip for whatever is not compressed already (API JSON, the HTML); the web build's
  // hashed assets come precompressed from web/dist (spa-hosting).
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(fastifyCookie, { secret: env.SESSION_SECRET });
  // Multipart bodies are read only by the routes that take a file (@FileUploadRoute), as a stream,
  // after the session was checked; the size limit stops reading at 10 MB (413).
  await app.register(fastifyMultipart, {
    limits: { fileSize: ACTIVITY_FILE_LIMITS.maxBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  registerRequestGuards(fastify);
  await registerApiReferenceAssets(fastify);
  const spaFallback = await registerSpaHosting(fastify, env.WEB_DIST, app.get(SharePreviewsService));
  if (!spaFallback) logger.warn({ webDist: env.WEB_DIST }, 'no web build found: serving the API only');
  app.useGlobalFilters(new HttpExceptionFilter(logger, spaFallback));

  await app.listen(port, env.HOST);
  // Prometheus scrapes its own port, never the public one.
  if (env.METRICS_PORT !== undefined) await startMetricsServer({ port: env.METRICS_PORT, service: 'gateway', logger });
  const address = fastify.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return { app, url: `http://localhost:${actualPort}` };
}
