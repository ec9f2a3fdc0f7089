import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsConnectionOptions, rpcSubject } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import { env } from '../config/env.js';
import { rpcErrorToHttp, transportErrorToHttp } from './rpc-error.js';

interface NestReply<T> {
  response?: T;
  err?: unknown;
}

/**
 * Request-reply to the services in the format Nest's NATS transport speaks, with a deadline on
 * every call: no responder is a 503 at once, no answer in time a 504; never a hang.
 */
@Injectable()
export class NatsRpcClient implements OnModuleInit, OnApplicationShutdown {
  private nc: NatsConnection | undefined;
  /** False between a disconnect and the next reconnect (the client is not closed meanwhile). */
  private linkUp = false;

  async onModuleInit(): Promise<void> {
    this.nc = await connect({
      ...natsConnectionOptions(env),
      name: 'gateway',
      maxReconnectAttempts: -1,
    });
    this.linkUp = true;
    void this.watchStatus(this.nc);
  }

  private async watchStatus(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'close') this.linkUp = false;
      else if (status.type === 'reconnect') this.linkUp = true;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nc?.drain();
  }

  /** The connection to NATS is up now (not closed, not between a disconnect and a reconnect). */
  get connected(): boolean {
    return this.nc !== undefined && !this.nc.isClosed() && this.linkUp;
  }

  async send<T>(pattern: string, data: unknown, timeoutMs = env.RPC_TIMEOUT_MS): Promise<T> {
    const service = pattern.split('.')[0] ?? pattern;
    if (!this.nc || this.nc.isClosed()) throw transportErrorToHttp(new Error('NATS closed'), service);
    const subject = rpcSubject(pattern);
    let reply: NestReply<T>;
    try {
      const msg = await this.nc.request(subject, JSON.stringify({ pattern: subject, data, id: randomUUID() }), {
        timeout: timeoutMs,
      });
      reply = msg.json<NestReply<T>>();
    } catch (err) {
      throw transportErrorToHttp(err, service);
    }
    if (reply.err !== undefined && reply.err !== null) throw rpcErrorToHttp(reply.err);
    return reply.response as T;
  }
}
