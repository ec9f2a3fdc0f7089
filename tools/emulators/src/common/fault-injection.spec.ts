import { describe, expect, it } from '@jest/globals';
import { FaultInjector } from './fault-injection.js';

describe('FaultInjector', () => {
  it('misbehaves for the next N calls only', async () => {
    const faults = new FaultInjector();
    faults.set({ fault: 429, count: 2, retryAfterSeconds: 3 });
    expect((await faults.next())?.status).toBe(429);
    expect((await faults.next())?.headers).toEqual({ 'Retry-After': '3' });
    expect(await faults.next()).toBeUndefined();
    expect(faults.faulted).toBe(2);
  });

  it('misbehaves for a share of the calls', async () => {
    const rolls = [0.1, 0.9, 0.2];
    const faults = new FaultInjector(() => rolls.shift()!);
    faults.set({ fault: 503, share: 0.5 });
    expect((await faults.next())?.status).toBe(503);
    expect(await faults.next()).toBeUndefined();
    expect((await faults.next())?.status).toBe(503);
  });

  it('drops the connection on demand and refuses a bad plan', async () => {
    const faults = new FaultInjector();
    faults.set(FaultInjector.parse({ fault: 'drop', count: 1 }));
    expect((await faults.next())?.dropConnection).toBe(true);
    expect(() => FaultInjector.parse({ fault: 418 })).toThrow('fault must be one of');
  });
});
