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

  describe('the interactive reference at /api/docs', () => {
    let html: string;
    let csp: string;

    beforeAll(async () => {
      const res = await fetch(`${url}/api/docs`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      csp = res.headers.get('content-security-policy') ?? '';
      html = await res.text();
    });

    const references = () =>
      [...html.matchAll(/<(?:link|script)\b[^>]*?\b(?:href|src)="([^"]+)"/g)].map(
        (m) => new URL(m[1]!, `${url}/api/docs`),
      );

    it('loads every file from this gateway, each served with its content type, without credentials', async () => {
      const files = references();
      expect(files.map((file) => file.pathname)).toEqual(
        expect.arrayContaining(['/api/docs/assets/swagger-ui-bundle.js', '/api/docs/assets/swagger-ui.css']),
      );
      const typeOf: Record<string, RegExp> = {
        css: /^text\/css\b/,
        js: /^(text|application)\/javascript\b/,
        png: /^image\/png$/,
      };
      for (const file of files) {
        expect(file.origin).toBe(new URL(url).origin);
        const res = await fetch(file);
        const type = res.headers.get('content-type') ?? '';
        const size = (await res.arrayBuffer()).byteLength;
        expect([file.pathname, res.status, typeOf[file.pathname.split('.').pop()!]?.test(type), size > 0]).toEqual([
          file.pathname,
          200,
          true,
          true,
        ]);
      }
    });

    it('runs under the site CSP unchanged: scripts only from this origin, and the page has no inline script', () => {
      expect(csp).toMatch(/(^|;)\s*script-src 'self'\s*(;|$)/);
      expect(csp).toMatch(/(^|;)\s*connect-src 'self'/);
      for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
        expect(attributes).toMatch(/\bsrc="/);
        expect(body!.trim()).toBe('');
      }
    });

    it('shows this gateway’s own OpenAPI document', async () => {
      const scripts = references().filter((file) => file.pathname.endsWith('.js'));
      const sources = await Promise.all(scripts.map((file) => fetch(file).then((res) => res.text())));
      const pointers = sources.flatMap((source) => [...source.matchAll(/\burl: "([^"]+)"/g)].map((m) => m[1]!));
      expect(pointers).toEqual(['/api/openapi.json']);
      const shown = await fetch(new URL(pointers[0]!, url));
      expect(shown.status).toBe(200);
      expect(await shown.json()).toEqual(document);
    });
  });
});
