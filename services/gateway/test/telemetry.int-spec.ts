import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { PROFILES, PROFILES_EVENTS } from '@runpledge/contracts';
import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { eventually, freePort } from '../../../scripts/jest/helpers.mjs';
import { startStack } from '../../../scripts/lib/stack.mjs';
import { pageBody, newSlug } from './support/api-client.js';
import { createPage, signUp } from './support/stack-users.js';

// Issue #17: one request is followed through every process that works on it: a single trace
// (OTLP export configured by the standard OTEL_* variables) and its request id in every log line.
jest.setTimeout(120_000);

type Stack = Awaited<ReturnType<typeof startStack>>;
interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
}
interface OtlpAttribute {
  key: string;
  value: { stringValue?: string };
}
interface OtlpTraces {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: { spans?: Omit<ReceivedSpan, 'service'>[] }[];
  }[];
}

/** An OTLP/HTTP (JSON) trace receiver in this process: the spans every process of the stack exports. */
function startReceiver(spans: ReceivedSpan[]): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpTraces;
        for (const resourceSpans of body.resourceSpans ?? []) {
          const service =
            resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
          for (const scope of resourceSpans.scopeSpans ?? [])
            for (const span of scope.spans ?? []) spans.push({ ...span, service });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('one request followed through every process', () => {
  let stack: Stack;
  let receiver: Server;
  const spans: ReceivedSpan[] = [];
  const logs: { name: string; line: string }[] = [];

  beforeAll(async () => {
    receiver = await startReceiver(spans);
    const address = receiver.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    stack = await startStack({
      env: {
        ...process.env,
        REDIS_PREFIX: `${process.env.REDIS_PREFIX}telemetry:`,
        RPC_TIMEOUT_MS: '30000',
        LOG_LEVEL: 'debug',
        OTEL_TRACES_EXPORTER: 'otlp',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
        OTEL_METRICS_EXPORTER: 'none',
        OTEL_LOGS_EXPORTER: 'none',
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
      port: await freePort(),
      readyTimeoutMs: 300_000,
      log: (name: string, line: string) => {
        logs.push({ name, line });
        if (/"level":(50|60)/.test(line)) console.error(name, line);
      },
    });
  }, 330_000);

  afterAll(async () => {
    await stack?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('a page created through the gateway is one trace across gateway, profiles and the event consumer in fitness, and its request id is in their logs', async () => {
    const { cookie } = await signUp(stack.url);
    const requestId = `trace-${randomUUID()}`;
    const created = await fetch(`${stack.url}/api/runner-profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-request-id': requestId },
      body: JSON.stringify(pageBody({ urlSlug: newSlug('trace') })),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('x-request-id')).toBe(requestId);

    // The gateway's RPC client span for this request names the trace.
    let traceId = '';
    await eventually(
      async () => {
        const client = spans.find((s) => s.service === 'gateway' && s.name === PROFILES.profile.create);
        expect(client).toBeDefined();
        traceId = client!.traceId;
        const consumed = spans.filter(
          (s) =>
            s.traceId === traceId && s.service === 'fitness' && s.name.endsWith(PROFILES_EVENTS.profileCreated.type),
        );
        expect(consumed).toHaveLength(1);
        // The gateway's HTTP span ends after the response, so it may come in a later export.
        expect(spans.some((s) => s.traceId === traceId && s.service === 'gateway' && s.kind === 2)).toBe(true);
      },
      { timeoutMs: 30_000 },
    );
    const trace = spans.filter((s) => s.traceId === traceId);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const server = trace.find((s) => s.service === 'profiles' && s.name === PROFILES.profile.create);
    expect(server).toBeDefined();
    // profiles' server span is a child of the gateway's client span (the traceparent in NATS headers).
    expect(byId.get(server!.parentSpanId)?.service).toBe('gateway');
    // The gateway's HTTP server span is the root; profiles' database work is in the trace too.
    expect(trace.some((s) => s.service === 'gateway' && s.kind === 2 && !s.parentSpanId)).toBe(true);
    expect(trace.some((s) => s.service === 'profiles' && s.kind === 3 && /INSERT|pg/i.test(s.name))).toBe(true);
    // The consumer continues the trace from the outbox row's stored context.
    const consumer = trace.find((s) => s.service === 'fitness' && s.kind === 5)!;
    expect(consumer).toBeDefined();
    // (identity is in it too: the gateway's guard checks the session there.)
    expect([...new Set(trace.map((s) => s.service))]).toEqual(
      expect.arrayContaining(['gateway', 'profiles', 'fitness']),
    );
    // The HTTP span is named by the route template, as the HTTP metrics are.
    expect(trace.find((s) => s.service === 'gateway' && s.kind === 2)?.name).toBe('POST /api/runner-profile');

    // The request id is in log lines of each process that worked on the request.
    await eventually(
      async () => {
        const carrying = new Set(logs.filter((l) => l.line.includes(`"requestId":"${requestId}"`)).map((l) => l.name));
        expect([...carrying]).toEqual(expect.arrayContaining(['fitness', 'gateway', 'profiles']));
      },
      { timeoutMs: 10_000 },
    );
    const fitnessLine = logs.find((l) => l.name === 'fitness' && l.line.includes(`"requestId":"${requestId}"`))!;
    expect(fitnessLine.line).toContain(`"traceId":"${traceId}"`);
  });

  it('a job a request asks for (milestone e-mails after a page edit) runs in the worker under that request id, in its trace', async () => {
    const { cookie } = await signUp(stack.url);
    const page = await createPage(stack.url, cookie);
    const requestId = `job-${randomUUID()}`;
    // Hand-typed totals past 25 % and 50 % of the goal: profiles records the mail job with the edit
    // (the job outbox), its relay adds it to BullMQ, the profiles worker sends the mails.
    const edit = await fetch(`${stack.url}/api/runner-profile/${page.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: stack.url, cookie, 'x-request-id': requestId },
      body: JSON.stringify({ fundraisingGoal: 1000, fundsRaised: 600 }),
    });
    expect(edit.status).toBe(200);

    const mailLines = () =>
      logs.filter(
        (l) =>
          l.name === 'profiles-worker' &&
          l.line.includes('mail written to the outbox') &&
          l.line.includes(`/${page.urlSlug}"`),
      );
    await eventually(async () => expect(mailLines()).toHaveLength(2), { timeoutMs: 30_000 });
    // Every line the worker wrote for the job carries the request id of the edit.
    for (const { line } of mailLines()) expect(line).toContain(`"requestId":"${requestId}"`);

    // And the worker's span for the job is in the edit's trace, under the gateway's HTTP span.
    const edited = () =>
      spans.find((s) => s.service === 'gateway' && s.kind === 2 && s.name === 'PUT /api/runner-profile/:id');
    await eventually(
      async () => {
        const http = edited();
        expect(http).toBeDefined();
        expect(spans.some((s) => s.traceId === http!.traceId && s.service === 'profiles-worker' && s.kind === 5)).toBe(
          true,
        );
      },
      { timeoutMs: 30_000 },
    );
    const traceId = edited()!.traceId;
    for (const { line } of mailLines()) expect(line).toContain(`"traceId":"${traceId}"`);
  });
});
