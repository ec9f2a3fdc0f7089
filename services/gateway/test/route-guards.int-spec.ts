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

  it('refuses without credentials every route not marked @Public() (401, or a redirect to sign in)', async () => {
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
        redirect: 'manual',
      });
      await res.arrayBuffer();
      const location = res.headers.get('location') ?? '';
      // A route the browser navigates to (@BrowserNavigation) refuses with a redirect to the sign-in notice.
      const refused = res.status === 401 || (res.status === 302 && /[?&][a-z_]+=sign_in_required$/.test(location));
      answers.push(`${route.method} ${route.path} → ${refused ? 'refused' : `${res.status} ${location}`}`);
    }
    expect(answers).toEqual(guarded.map((r) => `${r.method} ${r.path} → refused`));
  });
});
