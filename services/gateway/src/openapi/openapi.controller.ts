import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '../common/public.decorator.js';
import { env } from '../config/env.js';
import { renderApiReferencePage } from './api-reference.js';
import { buildOpenApiDocument } from './openapi-document.js';

/** `GET /api/openapi.json` (OpenAPI 3.1, from libs/contracts) and its interactive reference `/api/docs`. */
@Public()
@Controller()
export class OpenApiController {
  private document: Record<string, unknown> | undefined;
  private page: string | undefined;

  @Get('openapi.json')
  @Header('cache-control', 'public, max-age=300')
  openapi(): Record<string, unknown> {
    return (this.document ??= buildOpenApiDocument(new URL('/', env.PUBLIC_URL).origin));
  }

  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'public, max-age=300')
  docs(): string {
    return (this.page ??= renderApiReferencePage());
  }
}
