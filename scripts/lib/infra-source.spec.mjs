import { describe, expect, it, jest } from '@jest/globals';
import { resolveInfrastructure } from './infra-source.mjs';

const LOCAL = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/runpledge',
  REDIS_URL: 'redis://127.0.0.1:6379',
  NATS_URL: 'nats://127.0.0.1:4222',
};

describe('where the test infrastructure comes from', () => {
  it('uses the local servers when all three answer, without asking for a container runtime', async () => {
    const probeRuntime = jest.fn();
    const start = jest.fn();
    const infra = await resolveInfrastructure({ env: LOCAL, probeServers: async () => ({}), probeRuntime, start });
    expect(infra.source).toBe('local');
    expect(infra.env).toEqual(LOCAL);
    expect(probeRuntime).not.toHaveBeenCalled();
    expect(start).not.toHaveBeenCalled();
  });

  it('starts only the missing ones with testcontainers when a runtime answers, and stops them', async () => {
    const stop = jest.fn(async () => {});
    const start = jest.fn(async (missing) => {
      expect(missing).toEqual(['Redis', 'NATS']);
      return { env: { REDIS_URL: 'redis://localhost:32768', NATS_URL: 'nats://localhost:32769' }, stop };
    });
    const infra = await resolveInfrastructure({
      env: LOCAL,
      probeServers: async () => ({ Redis: 'not reachable', NATS: 'not reachable' }),
      probeRuntime: async () => ({ ok: true }),
      start,
    });
    expect(infra.source).toBe('containers');
    expect(infra.env).toEqual({
      DATABASE_URL: LOCAL.DATABASE_URL,
      REDIS_URL: 'redis://localhost:32768',
      NATS_URL: 'nats://localhost:32769',
    });
    await infra.stop();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('stops with one message naming what is missing and the two ways to provide it', async () => {
    const start = jest.fn();
    const attempt = resolveInfrastructure({
      env: LOCAL,
      probeServers: async () => ({ PostgreSQL: 'not reachable at postgres://…: ECONNREFUSED' }),
      probeRuntime: async () => ({ ok: false, reason: 'Could not find a working container runtime strategy' }),
      start,
    });
    await expect(attempt).rejects.toThrow(/^PostgreSQL is not reachable:/);
    const message = await attempt.catch((err) => err.message);
    expect(message).toContain('ECONNREFUSED');
    expect(message).toContain('1. run them locally');
    expect(message).toContain('DATABASE_URL: pg_ctlcluster');
    expect(message).toContain('2. or make a container runtime (Docker or Podman) reachable');
    expect(message).toContain('Could not find a working container runtime strategy');
    expect(message).not.toMatch(/Redis|NATS_URL/);
    expect(start).not.toHaveBeenCalled();
  });

  it('turns a container that fails to start into that message rather than a stack trace', async () => {
    const attempt = resolveInfrastructure({
      env: LOCAL,
      probeServers: async () => ({ NATS: 'not reachable' }),
      probeRuntime: async () => ({ ok: true }),
      start: async () => {
        throw new Error('testcontainers could not start NATS: pull access denied');
      },
    });
    await expect(attempt).rejects.toThrow('testcontainers could not start NATS: pull access denied');
  });
});
