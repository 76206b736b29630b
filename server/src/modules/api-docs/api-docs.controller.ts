import { Controller, Inject, UseGuards } from '@nestjs/common';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { apiDocs } from '../../contracts/routes/operations.js';
import { ApiDocsAccessGuard } from './api-docs-access.guard.js';
import { buildOpenApiDocument } from './openapi-document.js';

@Controller()
export class ApiDocsController {
  private document: ReturnType<typeof buildOpenApiDocument> | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Endpoint(apiDocs)
  @UseGuards(ApiDocsAccessGuard)
  openApi() {
    // Built at the first request: it loads every route's schemas.
    return (this.document ??= buildOpenApiDocument(this.config.siteName));
  }
}
