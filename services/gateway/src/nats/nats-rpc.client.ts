import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, headers, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { RPC_CONTRACTS, type RpcRequestOf, type RpcResponseOf, type TypedRpcPattern } from '@runpledge/contracts';
import { natsConnectionOptions, RPC_DEADLINE_HEADER, subjectPrefix } from '@runpledge/server-kit/messaging';
import { rpcClientDuration, secondsSince } from '@runpledge/server-kit/metrics';
import { carrierToNatsHeaders, SpanKind, withOutgoingSpan, type TraceCarrier } from '@runpledge/server-kit/telemetry';
import { randomBytes } from 'node:crypto';
import { env } from '../config/env.js';
import { brokerDownError, rpcErrorToHttp, transportErrorToHttp } from './rpc-error.js';

interface NestReply<T> {
  response?: T;
  err?: unknown;
}

/** What a pattern's calls share, worked out once: its subject, its service, its histogram children. */
interface Route {
  pattern: string;
  subject: string;
  service: string;
  spanAttributes: { 'rpc.system': 'nats'; 'rpc.method': string };
  /** `pattern` and `outcome` labels bound once (prom-client otherwise hashes the labels per observe). */
  timers: Map<string, { observe(seconds: number): void }>;
}

/**
 * Request-reply to the services in the format Nest's NATS transport speaks, with a deadline on
 * every call: no responder is a 503 at once, no answer in time a 504; never a hang. While the
 * connection to NATS is down, calls answer 503 at once (and calls waiting when it dropped end
 * with 503 then), instead of each waiting out its deadline.
 */
@Injectable()
export class NatsRpcClient implements OnModuleInit, OnApplicationShutdown {
  private nc: NatsConnection | undefined;
  private down = false;
  /** Rejected (and replaced) when the connection drops: what waiting calls race against. */
  private dropped = this.dropSignal();
  private readonly routes = new Map<string, Route>();
  private readonly prefix = subjectPrefix();
  /**
   * Nest's NATS transport wants an id in each request (one without is an event); the reply comes to
   * the request's own inbox, so the id need only be unique to this process: a random stem and a count
   * instead of a randomUUID per call.
   */
  private readonly idStem = `${randomBytes(6).toString('hex')}-`;
  private sequence = 0;

  async onModuleInit(): Promise<void> {
    this.nc = await connect({
      ...natsConnectionOptions(env),
      name: 'gateway',
      maxReconnectAttempts: -1,
      // Back within a second of the broker, not the default two.
      reconnectTimeWait: 500,
      // A broker that vanished without closing the socket is noticed in seconds.
      pingInterval: 5_000,
      maxPingOut: 2,
      // nats.js otherwise builds two Error objects (stack traces) per request, in case it fails
      // (a tenth of the gateway's CPU under load); a failure still says which call and why.
      noAsyncTraces: true,
    });
    void this.watchStatus(this.nc);
  }

  private dropSignal(): { promise: Promise<never>; reject: (err: Error) => void } {
    let reject!: (err: Error) => void;
    const promise = new Promise<never>((_, r) => (reject = r));
    promise.catch(() => undefined);
    return { promise, reject };
  }

  private async watchStatus(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'staleConnection') {
        if (!this.down) {
          this.down = true;
          this.dropped.reject(new Error('NATS disconnected'));
        }
      } else if (status.type === 'reconnect') {
        this.down = false;
        this.dropped = this.dropSignal();
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nc?.drain();
  }

  get connected(): boolean {
    return this.nc !== undefined && !this.nc.isClosed() && !this.down;
  }

  /**
   * A call whose contract is in libs/contracts (RPC_CONTRACTS): the request and the answer are typed
   * from it. With RPC_VALIDATE_RESPONSES (test stacks) the answer is also checked against its schema.
   */
  async call<P extends TypedRpcPattern>(
    pattern: P,
    data: RpcRequestOf<P>,
    timeoutMs = env.RPC_TIMEOUT_MS,
  ): Promise<RpcResponseOf<P>> {
    const response = await this.timed<RpcResponseOf<P>>(pattern, data, timeoutMs);
    if (env.RPC_VALIDATE_RESPONSES) {
      const checked = RPC_CONTRACTS[pattern].response.safeParse(response);
      if (!checked.success) throw new Error(`${pattern} answered outside its contract: ${checked.error.message}`);
    }
    return response;
  }

  private async timed<T>(pattern: string, data: unknown, timeoutMs: number): Promise<T> {
    const route = this.routeOf(pattern);
    const start = process.hrtime.bigint();
    try {
      const result = await this.request<T>(route, data, timeoutMs);
      timerOf(route, pattern, 'ok').observe(secondsSince(start));
      return result;
    } catch (err) {
      timerOf(route, pattern, rpcClientOutcome(err)).observe(secondsSince(start));
      throw err;
    }
  }

  private routeOf(pattern: string): Route {
    let route = this.routes.get(pattern);
    if (route === undefined) {
      const dot = pattern.indexOf('.');
      route = {
        pattern,
        subject: `${this.prefix}${pattern}`,
        spanAttributes: { 'rpc.system': 'nats', 'rpc.method': pattern },
        service: dot < 0 ? pattern : pattern.slice(0, dot),
        timers: new Map(),
      };
      // Patterns are the contracts' constants: a few dozen.
      this.routes.set(pattern, route);
    }
    return route;
  }

  private async request<T>(route: Route, data: unknown, timeoutMs: number): Promise<T> {
    const { subject, service } = route;
    if (!this.nc || this.nc.isClosed()) throw transportErrorToHttp(new Error('NATS closed'), service);
    if (this.down) throw brokerDownError();
    const nc = this.nc;
    const id = `${this.idStem}${(this.sequence += 1)}`;
    let reply: NestReply<T>;
    try {
      const msg = await Promise.race([
        // A client span; its traceparent and the request id travel as NATS headers (telemetry), with
        // the deadline: past it the gateway has answered 504, so the service drops the request
        // rather than apply it late.
        withOutgoingSpan(route.pattern, SpanKind.CLIENT, route.spanAttributes, (carrier) =>
          nc.request(subject, JSON.stringify({ pattern: subject, data, id }), {
            timeout: timeoutMs,
            headers: requestHeaders(carrier, Date.now() + timeoutMs),
          }),
        ),
        this.dropped.promise,
      ]);
      reply = msg.json<NestReply<T>>();
    } catch (err) {
      if (this.down) throw brokerDownError();
      throw transportErrorToHttp(err, service);
    }
    if (reply.err !== undefined && reply.err !== null) throw rpcErrorToHttp(reply.err);
    return reply.response as T;
  }
}

function timerOf(route: Route, pattern: string, outcome: string): { observe(seconds: number): void } {
  let timer = route.timers.get(outcome);
  if (timer === undefined) {
    timer = rpcClientDuration.labels({ pattern, outcome });
    route.timers.set(outcome, timer);
  }
  return timer;
}

function requestHeaders(carrier: TraceCarrier | undefined, deadline: number): MsgHdrs {
  const h = carrierToNatsHeaders(carrier) ?? headers();
  h.set(RPC_DEADLINE_HEADER, String(deadline));
  return h;
}

/** ok, rejected (the service refused: a 4xx), timeout (504), unavailable (503), error (anything else). */
export function rpcClientOutcome(err: unknown): 'rejected' | 'timeout' | 'unavailable' | 'error' {
  const status = (err as { getStatus?: () => number }).getStatus?.();
  if (status === undefined) return 'error';
  if (status === 504) return 'timeout';
  if (status === 503) return 'unavailable';
  return status < 500 ? 'rejected' : 'error';
}
