import { describe, expect, it, jest } from '@jest/globals';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { lastValueFrom, of } from 'rxjs';
import { RPC_DEADLINE_HEADER, RpcDeadlineInterceptor } from './rpc-deadline.interceptor.js';

const NOW = 1_800_000_000_000;
const rpcWith = (deadline?: string): ExecutionContext =>
  ({
    getType: () => 'rpc',
    switchToRpc: () => ({
      getContext: () => ({
        getHeaders: () =>
          deadline === undefined ? undefined : { get: (k: string) => (k === RPC_DEADLINE_HEADER ? deadline : '') },
      }),
    }),
  }) as unknown as ExecutionContext;

describe('RpcDeadlineInterceptor', () => {
  const interceptor = new RpcDeadlineInterceptor(() => NOW);
  const handler = () => {
    const handle = jest.fn(() => of('applied'));
    return { handle, next: { handle } as CallHandler };
  };

  it('does not run a request whose caller gave up (deadline passed): nothing applied late', async () => {
    const { handle, next } = handler();
    await expect(lastValueFrom(interceptor.intercept(rpcWith(String(NOW - 1)), next))).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(handle).not.toHaveBeenCalled();
  });

  it('runs a request within its deadline, and one without a deadline', async () => {
    for (const deadline of [String(NOW + 1000), undefined, 'garbage']) {
      const { handle, next } = handler();
      expect(await lastValueFrom(interceptor.intercept(rpcWith(deadline), next))).toBe('applied');
      expect(handle).toHaveBeenCalledTimes(1);
    }
  });
});
