// Checks the gateway's answers against its own OpenAPI document (/api/openapi.json): every 2xx JSON
// answer of an operation that documents its response must match that schema, nothing more or less.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument, openApiPath } from '../../src/openapi/openapi-document.js';
import { API_OPERATIONS } from '../../src/openapi/operations.js';

interface Route {
  method: string;
  path: string;
  pattern: RegExp;
  params: number;
  validate: ValidateFunction | undefined;
}

let routes: Route[] | undefined;

function documentedRoutes(): Route[] {
  if (routes) return routes;
  const document = buildOpenApiDocument('http://localhost') as {
    paths: Record<string, Record<string, { responses: { '2XX'?: { content?: Record<string, { schema: object }> } } }>>;
  };
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  routes = API_OPERATIONS.map((operation) => {
    const schema =
      document.paths[openApiPath(operation.path)]?.[operation.method.toLowerCase()]?.responses['2XX']?.content?.[
        'application/json'
      ]?.schema;
    return {
      method: operation.method,
      path: operation.path,
      pattern: new RegExp(`^${operation.path.replace(/:[A-Za-z0-9_]+/g, '[^/]+').replace(/\./g, '\\.')}/?$`),
      params: (operation.path.match(/:/g) ?? []).length,
      validate: schema ? ajv.compile(schema) : undefined,
    };
  }).sort((a, b) => a.params - b.params); // a literal segment wins over a parameter, as in the router
  return routes;
}

/**
 * Why a 2xx answer does not match the document's schema for its operation, or undefined when it
 * does (or when the operation documents no response body).
 */
export function undocumentedResponse(method: string, url: string, status: number, body: unknown): string | undefined {
  if (status < 200 || status >= 300 || body === undefined) return undefined;
  const path = url.split('?')[0]!;
  const route = documentedRoutes().find((r) => r.method === method.toUpperCase() && r.pattern.test(path));
  if (!route?.validate || route.validate(body)) return undefined;
  return `${method} ${url} answered ${status} with a body /api/openapi.json does not describe (${route.path}): ${JSON.stringify(
    route.validate.errors,
  )}`;
}

/** Throws when a 2xx answer does not match the document (used by apiClient for every call). */
export function assertDocumentedResponse(method: string, url: string, status: number, body: unknown): void {
  const problem = undocumentedResponse(method, url, status, body);
  if (problem) throw new Error(problem);
}
