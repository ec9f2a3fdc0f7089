import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startRouteTable, type Route } from './support/route-table-process.js';

// Issue #17: the OpenAPI 3.1 document describes exactly the gateway's `/api` routes.
interface Operation {
  security?: unknown[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: { 'application/json': { schema: { type?: string; properties?: object } } } };
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

describe('the OpenAPI document of /api', () => {
  let table: Awaited<ReturnType<typeof startRouteTable>>;
  let url: string;
  let routes: Route[];
  let document: Document;

  beforeAll(async () => {
    table = await startRouteTable();
    ({ url, routes } = table);
    const res = await fetch(`${url}/api/openapi.json`);
    expect(res.status).toBe(200);
    document = (await res.json()) as Document;
  }, 180_000);

  afterAll(async () => {
    await table?.stop();
  });

  it('is OpenAPI 3.1 and lists every /api route of the gateway, and nothing else', () => {
    expect(document.openapi).toBe('3.1.0');
    const served = routes.map((r) => `${r.method} ${r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`).sort();
    const documented = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(served.length).toBeGreaterThan(40);
    expect(documented).toEqual(served);
  });

  it('marks exactly the @Public() routes as needing no credentials, and names every path parameter', () => {
    for (const route of routes) {
      const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = document.paths[path]![route.method.toLowerCase()]!;
      expect([route.method, route.path, operation.security?.length === 0]).toEqual([
        route.method,
        route.path,
        route.isPublic,
      ]);
      const params = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
      expect(operation.parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(params);
    }
  });

  it('describes request bodies with the contracts schemas', () => {
    const signup = document.paths['/api/auth/signup']!.post!.requestBody!.content['application/json'].schema;
    expect(signup).toMatchObject({
      type: 'object',
      properties: { email: expect.anything(), password: expect.anything() },
    });
    const page = document.paths['/api/runner-profile']!.post!.requestBody!.content['application/json'].schema;
    expect(Object.keys(page.properties ?? {})).toEqual(
      expect.arrayContaining(['urlSlug', 'marathonName', 'challenges']),
    );
  });

  it('serves a readable page without credentials', async () => {
    const res = await fetch(`${url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('/api/runner-profile/:slug');
    expect(html).toContain('/api/openapi.json');
  });
});
