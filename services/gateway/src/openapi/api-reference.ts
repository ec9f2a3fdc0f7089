import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/**
 * The interactive API reference at `/api/docs`: Swagger UI (swagger-ui-dist) on the OpenAPI
 * document, every file served by the gateway itself (no CDN, works offline). Its scripts are files,
 * not inline, so the site's Content-Security-Policy (script-src 'self') needs no exception.
 */
export const API_REFERENCE_ASSETS = '/api/docs/assets/';
const DOCUMENT_URL = '/api/openapi.json';
const START_SCRIPT = 'start.js';
/** What the page loads of swagger-ui-dist; nothing else of the package is served. */
const SWAGGER_UI_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']);
const CACHE_CONTROL = 'public, max-age=300';

/** Starts Swagger UI on our document. "Try it out" calls the gateway that served the page. */
const startScript = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(DOCUMENT_URL)},
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  deepLinking: true,
  // No badge from validator.swagger.io: the page loads nothing from elsewhere.
  validatorUrl: null,
  // The document names PUBLIC_URL's origin; the page may be open on another name of the same gateway.
  requestInterceptor: (request) => {
    const url = new URL(request.url, window.location.href);
    if (url.pathname.startsWith('/api/')) request.url = window.location.origin + url.pathname + url.search;
    return request;
  },
});
`;

export function renderApiReferencePage(): string {
  const asset = (file: string) => `${API_REFERENCE_ASSETS}${file}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>RunPledge API reference</title>
<link rel="stylesheet" href="${asset('swagger-ui.css')}">
<link rel="icon" type="image/png" href="${asset('favicon-32x32.png')}">
</head>
<body>
<noscript><p>The API reference needs JavaScript. The OpenAPI 3.1 document: <a href="${DOCUMENT_URL}">${DOCUMENT_URL}</a>.</p></noscript>
<div id="swagger-ui"></div>
<script src="${asset('swagger-ui-bundle.js')}"></script>
<script src="${asset(START_SCRIPT)}"></script>
</body>
</html>
`;
}

/** Serves the page's scripts, styles and icon under API_REFERENCE_ASSETS. */
export async function registerApiReferenceAssets(fastify: FastifyInstance): Promise<void> {
  const swaggerUiDist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  await fastify.register(fastifyStatic, {
    root: swaggerUiDist,
    prefix: API_REFERENCE_ASSETS,
    // The web app's static files (spa-hosting) already decorate the reply.
    decorateReply: false,
    index: false,
    cacheControl: false,
    allowedPath: (path) => SWAGGER_UI_FILES.has(path.replace(/^\//, '')),
    setHeaders: (reply) => void reply.header('cache-control', CACHE_CONTROL),
  });
  fastify.get(`${API_REFERENCE_ASSETS}${START_SCRIPT}`, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', CACHE_CONTROL).send(startScript),
  );
}
