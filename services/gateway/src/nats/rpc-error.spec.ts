import { describe, expect, it } from '@jest/globals';
import { NoRespondersError, RequestError, TimeoutError } from '@nats-io/transport-node';
import { rpcErrorToHttp, transportErrorToHttp } from './rpc-error.js';

describe('rpc error mapping', () => {
  it('turns a service error code into its HTTP status with the service words', () => {
    const http = rpcErrorToHttp({ status: 409, code: 'CONFLICT', message: 'User already registered' });
    expect(http.getStatus()).toBe(409);
    expect(http.message).toBe('User already registered');
  });

  it('hides anything that is not a service error behind a 500', () => {
    const http = rpcErrorToHttp({ status: 'error', message: 'secret stack' });
    expect(http.getStatus()).toBe(500);
    expect(http.message).toBe('Internal server error');
  });

  it('answers 503 when no service listens and 504 when it is too slow', () => {
    const noResponders = new RequestError('no responders', { cause: new NoRespondersError('billing.health.ping') });
    expect(transportErrorToHttp(noResponders, 'billing').getStatus()).toBe(503);
    expect(transportErrorToHttp(noResponders, 'billing').message).toBe('The billing service is unavailable');
    expect(transportErrorToHttp(new TimeoutError(), 'billing').getStatus()).toBe(504);
  });
});
