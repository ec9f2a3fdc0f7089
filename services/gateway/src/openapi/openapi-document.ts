import { z } from 'zod';
import { API_OPERATIONS, type ApiOperation } from './operations.js';

type JsonSchema = Record<string, unknown>;

/**
 * zod 4's own JSON Schema output (draft 2020-12, what OpenAPI 3.1 uses): of what a client sends
 * (`input`), or of what the gateway answers (`output`).
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** `/api/runner-profile/:slug` → `/api/runner-profile/{slug}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parameters(operation: ApiOperation): unknown[] {
  const inPath = [...operation.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const header = operation.file
    ? [{ name: 'X-Requested-With', in: 'header', required: true, schema: { const: 'XMLHttpRequest' } }]
    : [];
  if (!operation.query) return [...inPath, ...header];
  const query = jsonSchema(operation.query) as { properties?: Record<string, unknown>; required?: string[] };
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  return [...inPath, ...inQuery, ...header];
}

const ERROR = {
  description: 'An error: a 4xx names what to fix, 503 means retry later',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { statusCode: { type: 'integer' }, message: { type: 'string' }, error: { type: 'string' } },
        required: ['message'],
      },
    },
  },
};

/** What a 2xx answer holds: the contracts schema of its JSON, a file of a media type, a redirect or nothing. */
function success(operation: ApiOperation): Record<string, unknown> {
  const { response, answers } = operation;
  if (response)
    return {
      '2XX': { description: 'Done', content: { 'application/json': { schema: jsonSchema(response, 'output') } } },
    };
  switch (answers) {
    case 'redirect':
      return {
        '302': {
          description: 'Redirect',
          headers: { Location: { schema: { type: 'string', format: 'uri-reference' } } },
        },
      };
    case 'no content':
      return { '204': { description: 'Done, no body' } };
    case undefined:
      // Not allowed in API_OPERATIONS (openapi-responses.spec.ts); kept vague rather than failing the gateway.
      return { '2XX': { description: 'Done' } };
    case 'image/png':
    case 'application/pdf':
      // OpenAPI 3.1: a binary body is described by its media type alone.
      return { '200': { description: 'Done', content: { [answers]: {} } } };
    case 'text/html':
    case 'text/csv':
      return { '200': { description: 'Done', content: { [answers]: { schema: { type: 'string' } } } } };
    case 'application/openapi+json':
      return { '200': { description: 'Done', content: { [answers]: { schema: { type: 'object' } } } } };
  }
}

/** One file in the multipart field `file`; the request also carries `X-Requested-With: XMLHttpRequest` (CSRF). */
const FILE_BODY = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
        required: ['file'],
      },
    },
  },
};

/** The OpenAPI 3.1 document of `/api`, built once from API_OPERATIONS and the contracts schemas. */
export function buildOpenApiDocument(serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of API_OPERATIONS) {
    const entry = (paths[openApiPath(operation.path)] ??= {});
    entry[operation.method.toLowerCase()] = {
      summary: operation.summary,
      tags: [operation.tag],
      operationId: `${operation.method.toLowerCase()}${openApiPath(operation.path)
        .replace(/^\/api/, '')
        .replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      ...(operation.public ? { security: [] } : {}),
      parameters: parameters(operation),
      ...(operation.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(operation.body) } } } }
        : {}),
      ...(operation.file ? { requestBody: FILE_BODY } : {}),
      responses: { ...success(operation), default: ERROR },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'RunPledge API',
      version: '1.0.0',
      description: 'Marathon fundraising pages: accounts, pages, challenges, Strava training, subscription.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'session' },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
    security: [{ session: [] }, { bearer: [] }],
    paths,
  };
}
