import { describe, expect, it } from '@jest/globals';
import { loadBaseEnv } from './env.js';

describe('loadBaseEnv', () => {
  it('falls back to the local defaults', () => {
    const env = loadBaseEnv({});
    expect(env.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/runpledge');
    expect(env.NATS_URL).toBe('nats://127.0.0.1:4222');
    expect(env.NATS_SUBJECT_PREFIX).toBe('');
  });

  it('names every bad variable in one error', () => {
    expect(() => loadBaseEnv({ DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' })).toThrow(
      /DATABASE_URL[\s\S]*LOG_LEVEL|LOG_LEVEL[\s\S]*DATABASE_URL/,
    );
  });

  it('refuses a prefix that would split into several subject tokens', () => {
    expect(() => loadBaseEnv({ NATS_SUBJECT_PREFIX: 'a.b.' })).toThrow(/NATS_SUBJECT_PREFIX/);
  });
});
