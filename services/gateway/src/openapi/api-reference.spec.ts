import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_REFERENCE_ASSETS, registerApiReferenceAssets, renderApiReferencePage } from './api-reference.js';

/** Every address the page loads: stylesheets, icons and scripts. */
function pageReferences(html: string): string[] {
  return [...html.matchAll(/<(?:link|script)\b[^>]*?\b(?:href|src)="([^"]+)"/g)].map((m) => m[1]!);
}

const TYPE_OF_EXTENSION: Record<string, RegExp> = {
  css: /^text\/css\b/,
  js: /^(text|application)\/javascript\b/,
  png: /^image\/png$/,
};

describe('the API reference page (/api/docs)', () => {
  let fastify: FastifyInstance;

  beforeAll(async () => {
    fastify = Fastify();
    await registerApiReferenceAssets(fastify);
    await fastify.ready();
  });
  afterAll(() => fastify.close());

  it('loads Swagger UI and its start script from the gateway, each served with its content type', async () => {
    const references = pageReferences(renderApiReferencePage());
    expect(references.length).toBeGreaterThanOrEqual(4);
    for (const reference of references) {
      expect(reference.startsWith(API_REFERENCE_ASSETS)).toBe(true);
      const res = await fastify.inject({ method: 'GET', url: reference });
      const extension = reference.split('.').pop()!;
      expect([
        reference,
        res.statusCode,
        TYPE_OF_EXTENSION[extension]?.test(res.headers['content-type'] as string),
      ]).toEqual([reference, 200, true]);
    }
    const bundle = await fastify.inject({ method: 'GET', url: `${API_REFERENCE_ASSETS}swagger-ui-bundle.js` });
    expect(bundle.body).toContain('SwaggerUIBundle');
  });

  it('runs no inline script, so the site CSP (script-src self) lets it run', () => {
    const scripts = [...renderApiReferencePage().matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="/);
      expect(body!.trim()).toBe('');
    }
    expect(renderApiReferencePage()).not.toMatch(/\son[a-z]+=/i);
  });

  it("points Swagger UI at the gateway's own OpenAPI document and keeps the validator badge off", async () => {
    const start = await fastify.inject({ method: 'GET', url: `${API_REFERENCE_ASSETS}start.js` });
    expect(start.statusCode).toBe(200);
    expect(start.body).toMatch(/\burl: "\/api\/openapi\.json"/);
    expect(start.body).toMatch(/validatorUrl: null/);
  });

  it('serves none of the other files of swagger-ui-dist (its demo page points at the Petstore)', async () => {
    for (const file of [
      'index.html',
      'swagger-initializer.js',
      'package.json',
      'oauth2-redirect.html',
      '../package.json',
    ]) {
      const res = await fastify.inject({ method: 'GET', url: `${API_REFERENCE_ASSETS}${file}` });
      expect([file, res.statusCode]).toEqual([file, 404]);
    }
  });
});
