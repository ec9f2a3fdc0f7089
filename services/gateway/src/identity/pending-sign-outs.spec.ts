import { describe, expect, it, jest } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import { IDENTITY } from '@runpledge/contracts';
import { hashToken } from '@runpledge/server-kit/auth';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { PendingSignOuts } from './pending-sign-outs.js';
import { RevokedSessions } from './revoked-sessions.js';

/** The few Redis hash commands the retry list uses, in memory. */
function memoryRedis() {
  const hash = new Map<string, string>();
  return {
    hash,
    redis: {
      hset: async (_key: string, field: string, value: string) => void hash.set(field, value),
      hgetall: async () => Object.fromEntries(hash),
      hdel: async (_key: string, field: string) => Number(hash.delete(field)),
    } as unknown as Redis,
  };
}

describe('sign-out when identity cannot confirm it', () => {
  it('refuses the session at once and keeps only its hash and id for the retry, never the token', async () => {
    const down = new HttpException('The identity service is unavailable', 503);
    const call = jest.fn(async () => {
      throw down;
    });
    const { hash, redis } = memoryRedis();
    const revoked = new RevokedSessions();
    const signOuts = new PendingSignOuts({ call } as unknown as NatsRpcClient, revoked, redis);
    const [token, sessionId] = [`token-${randomUUID()}`, randomUUID()];

    await signOuts.signOut(token, sessionId);

    expect(signOuts.refuses(token)).toBe(true);
    expect(signOuts.refuses('another-token')).toBe(false);
    expect(revoked.has(sessionId)).toBe(true);
    expect([...hash.keys()]).toEqual([hashToken(token)]);
    expect(JSON.stringify([...hash])).not.toContain(token);
    expect(call).toHaveBeenCalledWith(
      IDENTITY.sessions.revokeByTokenHash,
      { sessionTokenHash: hashToken(token) },
      expect.any(Number),
    );
  });

  it('a replica that starts later refuses it too, and drops it once identity confirms', async () => {
    const { hash, redis } = memoryRedis();
    const token = `token-${randomUUID()}`;
    const sessionId = randomUUID();
    hash.set(hashToken(token), JSON.stringify({ sessionId, at: Date.now() }));
    let identityUp = false;
    const call = jest.fn(async () => {
      if (!identityUp) throw new HttpException('The identity service is unavailable', 503);
      return { success: true };
    });
    const revoked = new RevokedSessions();
    const replica = new PendingSignOuts({ call } as unknown as NatsRpcClient, revoked, redis);

    await replica.onModuleInit();
    expect(replica.refuses(token)).toBe(true);
    expect(revoked.has(sessionId)).toBe(true);
    expect(hash.size).toBe(1);

    identityUp = true;
    await (replica as unknown as { retryRound(): Promise<void> }).retryRound();
    expect(hash.size).toBe(0);
    expect(call).toHaveBeenLastCalledWith(IDENTITY.sessions.revokeByTokenHash, { sessionTokenHash: hashToken(token) });
    await replica.onApplicationShutdown();
  });
});
