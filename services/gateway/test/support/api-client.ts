import { randomUUID } from 'node:crypto';
import { SAMPLE_RUNNER } from '../../../../scripts/jest/helpers.mjs';
import { assertDocumentedResponse } from './openapi-responses.js';

// Bodies are whatever the gateway answered; the tests check their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
export interface ApiResponse {
  status: number;
  body: Json;
  text: string;
  contentType: string;
}

/**
 * Raw calls to a running gateway: `path` is sent as given (already encoded), a body is sent as
 * JSON text (a string body as it is, so a test can send what JSON.stringify would never write).
 */
export function apiClient(baseUrl: () => string) {
  async function call(
    method: string,
    path: string,
    { body, cookie, headers = {} }: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse> {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    const contentType = res.headers.get('content-type') ?? '';
    let parsed: Json;
    try {
      parsed = contentType.includes('json') && text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    // Every 2xx answer matches the response schema /api/openapi.json gives for it (issue #17).
    assertDocumentedResponse(method, path, res.status, parsed);
    return { status: res.status, body: parsed, text, contentType };
  }

  async function signUp(): Promise<{ cookie: string; id: string; email: string }> {
    const email = `runner-${randomUUID()}@example.com`;
    const res = await fetch(`${baseUrl()}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Secret123' }),
    });
    if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
    const { user } = (await res.json()) as { user: { id: string } };
    return { cookie: res.headers.get('set-cookie')!.split(';')[0]!, id: user.id, email };
  }

  return { call, signUp };
}

let slugCounter = 0;
export const newSlug = (prefix = 'in') => `${prefix}-${Date.now().toString(36)}-${(slugCounter += 1)}`;

/** A valid body for POST /api/runner-profile. */
export const pageBody = (overrides: Record<string, unknown> = {}) => ({
  urlSlug: newSlug(),
  ...SAMPLE_RUNNER,
  donationPlatform: 'other',
  charityLink: 'https://charity.example.org/donate',
  challenges: [{ amount: 25, description: 'Pick a song' }],
  ...overrides,
});
