import { describe, expect, it } from '@jest/globals';
import { ErrorCode, HTTP_STATUS_BY_CODE, isRpcErrorPayload } from './error-code.js';

describe('error codes', () => {
  it('maps every code to an HTTP status', () => {
    for (const code of Object.values(ErrorCode)) expect(HTTP_STATUS_BY_CODE[code]).toBeGreaterThanOrEqual(400);
    expect(HTTP_STATUS_BY_CODE.CONFLICT).toBe(409);
    expect(HTTP_STATUS_BY_CODE.TIMEOUT).toBe(504);
  });

  it('recognises a service error payload and nothing else', () => {
    expect(isRpcErrorPayload({ status: 409, code: 'CONFLICT', message: 'taken' })).toBe(true);
    expect(isRpcErrorPayload({ status: 'error', message: 'Internal server error' })).toBe(false);
    expect(isRpcErrorPayload({ code: 'MADE_UP', message: 'x' })).toBe(false);
    expect(isRpcErrorPayload(null)).toBe(false);
  });
});
