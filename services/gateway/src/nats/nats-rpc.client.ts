import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, headers, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import {
  RPC_CONTRACTS,
  type RpcRequestOf,
  type RpcResponseOf,
  type TypedRpcPattern,
  type UntypedRpcPattern,
} from '@runpledge/contracts';
import { natsConnectionOptions, RPC_DEADLINE_HEADER, rpcSubject } from '@runpledge/server-kit/messaging';
import { rpcClientDuration, secondsSince } from '@runpledge/server-kit/metrics';
import { carrierToNatsHeaders, SpanKind, withOutgoingSpan, type TraceCarrier } from '@runpledge/server-kit/telemetry';
import { randomUUID } from 'node:crypto';
import { env } from '../config/env.js';
import { brokerDownError, rpcErrorToHttp, transportErrorToHttp } from './rpc-error.js';

interface NestReply<T> {
  response?: T;
  err?: unknown;
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

  /**
   * A call to a pattern without a contract yet: `T` is taken on trust. A typed pattern is refused by
   * `tsc` here (it goes through `call`, checked against its contract).
   */
  send<T>(pattern: UntypedRpcPattern, data: unknown, timeoutMs = env.RPC_TIMEOUT_MS): Promise<T> {
    return this.timed<T>(pattern, data, timeoutMs);
  }

  private async timed<T>(pattern: string, data: unknown, timeoutMs: number): Promise<T> {
    const start = process.hrtime.bigint();
    try {
      const result = await this.request<T>(pattern, data, timeoutMs);
      rpcClientDuration.observe({ pattern, outcome: 'ok' }, secondsSince(start));
      return result;
    } catch (err) {
      rpcClientDuration.observe({ pattern, outcome: rpcClientOutcome(err) }, secondsSince(start));
      throw err;
    }
  }

  private async request<T>(pattern: string, data: unknown, timeoutMs: number): Promise<T> {
    const service = pattern.split('.')[0] ?? pattern;
    if (!this.nc || this.nc.isClosed()) throw transportErrorToHttp(new Error('NATS closed'), service);
    if (this.down) throw brokerDownError();
    const subject = rpcSubject(pattern);
    const nc = this.nc;
    let reply: NestReply<T>;
    try {
      const msg = await Promise.race([
        // A client span; its traceparent and the request id travel as NATS headers (telemetry), with
        // the deadline: past it the gateway has answered 504, so the service drops the request
        // rather than apply it late.
        withOutgoingSpan(pattern, SpanKind.CLIENT, { 'rpc.system': 'nats', 'rpc.method': pattern }, (carrier) =>
          nc.request(subject, JSON.stringify({ pattern: subject, data, id: randomUUID() }), {
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
