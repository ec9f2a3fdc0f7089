import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  UnprocessableEntityException,
  UseInterceptors,
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { IDEMPOTENCY, idempotencyKeySchema } from '@runpledge/contracts';
import { REDIS } from '@runpledge/server-kit/redis';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { AuthenticatedRequest } from '../identity/current-user.decorator.js';
import { env } from '../config/env.js';

/** What a key holds: the first request's fingerprint, then its answer once it has one. */
interface IdempotencyRecord {
  fingerprint: string;
  status?: number;
  body?: unknown;
}

/** Where records live: Redis (shared by replicas), this replica's memory while Redis is away. */
interface RecordStore {
  /** Claims the key for a new request; false when it exists already. */
  claim(key: string, record: IdempotencyRecord, ttlSeconds: number): Promise<boolean>;
  get(key: string): Promise<IdempotencyRecord | undefined>;
  set(key: string, record: IdempotencyRecord, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
}

class RedisStore implements RecordStore {
  constructor(private readonly redis: Redis) {}
  async claim(key: string, record: IdempotencyRecord, ttlSeconds: number): Promise<boolean> {
    return (await this.redis.set(key, JSON.stringify(record), 'EX', ttlSeconds, 'NX')) === 'OK';
  }
  async get(key: string): Promise<IdempotencyRecord | undefined> {
    const raw = await this.redis.get(key);
    return raw === null ? undefined : (JSON.parse(raw) as IdempotencyRecord);
  }
  async set(key: string, record: IdempotencyRecord, ttlSeconds: number): Promise<void> {
    await this.redis.set(key, JSON.stringify(record), 'EX', ttlSeconds);
  }
  async delete(key: string): Promise<void> {
    await this.redis.del(key);
  }
}

/** Bounded, per replica: keeps retries safe through a Redis outage, like the rate limits' insurance. */
class MemoryStore implements RecordStore {
  private readonly entries = new Map<string, { record: IdempotencyRecord; expiresAt: number }>();
  constructor(private readonly maxEntries: number) {}
  private live(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) this.entries.delete(key);
    return this.entries.get(key);
  }
  async claim(key: string, record: IdempotencyRecord, ttlSeconds: number): Promise<boolean> {
    if (this.live(key)) return false;
    await this.set(key, record, ttlSeconds);
    return true;
  }
  async get(key: string): Promise<IdempotencyRecord | undefined> {
    return this.live(key)?.record;
  }
  async set(key: string, record: IdempotencyRecord, ttlSeconds: number): Promise<void> {
    this.entries.delete(key);
    this.entries.set(key, { record, expiresAt: Date.now() + ttlSeconds * 1000 });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }
}

/**
 * `Idempotency-Key` on a write a client may retry: the first request with a key runs; a retry with
 * the same key (same caller, same route, same body) gets the first answer again, with
 * `Idempotent-Replayed: true`, and changes nothing. While the first is still running, a duplicate
 * waits for its answer up to `IDEMPOTENCY.waitMs`, then gets 409. The same key with another body is
 * 422. Only successful answers are kept (24 h): after an error (a 4xx that changed nothing, a 503
 * during an outage) the same key may be retried and runs again. Without the header nothing changes.
 *
 * Records live in Redis so that every gateway replica sees them; while Redis is down, in this
 * replica's memory. Why not the owning service's database, atomic with the write: the services'
 * writes are already safe to repeat where it matters (Stripe events by id, one page per slug),
 * and one mechanism in front of every route is what a client retry needs; the window it leaves
 * (a gateway killed between the service's commit and storing the answer) answers the retry 409
 * until the pending claim expires (`IDEMPOTENCY.pendingSeconds`), never a second write.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');
  private readonly redisStore: RedisStore;
  private readonly memoryStore = new MemoryStore(10_000);

  constructor(@Inject(REDIS) redis: Redis) {
    this.redisStore = new RedisStore(redis);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers[IDEMPOTENCY.header];
    if (header === undefined) return next.handle();
    const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
    if (!parsed.success) throw new BadRequestException(IDEMPOTENCY.invalidMessage);
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return from(this.run(request, reply, parsed.data, next));
  }

  private async run(
    request: AuthenticatedRequest,
    reply: FastifyReply,
    idempotencyKey: string,
    next: CallHandler,
  ): Promise<unknown> {
    const caller = request.user ? `u:${request.user.id}` : `ip:${request.ip}`;
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    const key = `${env.REDIS_PREFIX}idem:${hash(`${caller}\n${route}\n${idempotencyKey}`)}`;
    const fingerprint = hash(`${request.url}\n${JSON.stringify(request.body ?? null)}`);

    let store: RecordStore = this.redisStore;
    let claimed: boolean;
    try {
      claimed = await store.claim(key, { fingerprint }, IDEMPOTENCY.pendingSeconds);
    } catch (err) {
      this.logger.warn(`Redis unavailable, idempotency keys kept in memory: ${String(err)}`);
      store = this.memoryStore;
      claimed = await store.claim(key, { fingerprint }, IDEMPOTENCY.pendingSeconds);
    }
    if (!claimed) return this.replay(store, key, fingerprint, reply);

    let body: unknown;
    try {
      body = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (err) {
      // Nothing kept: the client may retry with the same key and it runs again.
      await store.delete(key).catch(() => undefined);
      throw err;
    }
    const status = reply.statusCode;
    await store
      .set(key, { fingerprint, status, body }, IDEMPOTENCY.keepSeconds)
      .catch((err: unknown) => this.logger.warn(`could not keep the answer for an Idempotency-Key: ${String(err)}`));
    return body;
  }

  private async replay(store: RecordStore, key: string, fingerprint: string, reply: FastifyReply): Promise<unknown> {
    const deadline = Date.now() + IDEMPOTENCY.waitMs;
    for (;;) {
      const record = await store.get(key);
      if (record === undefined) {
        // The first attempt failed meanwhile and let the key go: this one may not run in its place
        // silently, the client retries.
        throw new ConflictException(IDEMPOTENCY.inProgressMessage);
      }
      if (record.fingerprint !== fingerprint) throw new UnprocessableEntityException(IDEMPOTENCY.mismatchMessage);
      if (record.status !== undefined) {
        void reply.status(record.status).header('idempotent-replayed', 'true');
        return record.body;
      }
      if (Date.now() >= deadline) throw new ConflictException(IDEMPOTENCY.inProgressMessage);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function hash(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Makes a write accept `Idempotency-Key` (see `IdempotencyInterceptor`). One line on a route. */
export const Idempotent = (): MethodDecorator & ClassDecorator =>
  applyDecorators(UseInterceptors(IdempotencyInterceptor));
