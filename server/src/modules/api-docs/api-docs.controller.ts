import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { ApiDocsAccessGuard } from './api-docs-access.guard.js';
import { buildOpenApiDocument } from './openapi-document.js';

@Controller('docs')
@UseGuards(ApiDocsAccessGuard)
export class ApiDocsController {
  private readonly document: ReturnType<typeof buildOpenApiDocument>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.document = buildOpenApiDocument(config.siteName);
  }

  @Get()
  openApi() {
    return this.document;
  }
}
