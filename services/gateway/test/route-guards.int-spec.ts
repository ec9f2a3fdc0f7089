import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { startRouteTable, type Route } from './support/route-table-process.js';

describe('every route is authenticated unless marked @Public()', () => {
  let table: Awaited<ReturnType<typeof startRouteTable>>;
  let url: string;
  let routes: Route[];

  beforeAll(async () => {
    table = await startRouteTable();
    ({ url, routes } = table);
  }, 180_000);

  afterAll(async () => {
    await table?.stop();
  });

  it('answers 401 without credentials on every route not marked @Public()', async () => {
    const guarded = routes.filter((r) => !r.isPublic);
    // The walk found the table: known routes on both sides of the line are in it.
    expect(guarded).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/api/auth/me', isPublic: false },
        { method: 'POST', path: '/api/auth/signout-everywhere', isPublic: false },
        { method: 'POST', path: '/api/auth/change-password', isPublic: false },
      ]),
    );
    expect(routes).toEqual(expect.arrayContaining([{ method: 'POST', path: '/api/auth/signin', isPublic: true }]));
    expect(guarded.length).toBeGreaterThan(15);

    const answers: string[] = [];
    for (const route of guarded) {
      const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
      const res = await fetch(`${url}${route.path.replace(/:[A-Za-z]+/g, randomUUID())}`, {
        method: route.method,
        headers: hasBody ? { 'content-type': 'application/json' } : {},
        body: hasBody ? '{}' : undefined,
      });
      await res.arrayBuffer();
      answers.push(`${route.method} ${route.path} → ${res.status}`);
    }
    expect(answers).toEqual(guarded.map((r) => `${r.method} ${r.path} → 401`));
  });
});
