import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/config';
import { ApiRouteCatalogue } from './api-routes';
import { buildOpenApiDocument } from './openapi-document';
import type { JsonObject } from './schema-components';

/** The public API's OpenAPI document, generated once from the mounted routes (they do not change at run time). */
@Injectable()
export class OpenApiDocument {
  private document?: JsonObject;

  constructor(
    private readonly routes: ApiRouteCatalogue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get(): JsonObject {
    this.document ??= buildOpenApiDocument(this.routes.collect().documented, {
      rateLimit: this.config.RATE_LIMIT_API_KEY,
      rateLimitWindowSeconds: this.config.RATE_LIMIT_API_KEY_WINDOW_SECONDS,
    });
    return this.document;
  }
}
