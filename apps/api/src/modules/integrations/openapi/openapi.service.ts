import { Inject, Injectable } from '@nestjs/common';
import type { Locale } from '@estancia/contracts';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/config';
import { ApiRouteCatalogue } from './api-routes';
import { buildOpenApiDocument } from './openapi-document';
import type { JsonObject } from './schema-components';

/**
 * The public API's OpenAPI document, generated once per language from the mounted routes (they do not change
 * at run time).
 */
@Injectable()
export class OpenApiDocument {
  private readonly documents = new Map<Locale, JsonObject>();

  constructor(
    private readonly routes: ApiRouteCatalogue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get(locale: Locale = 'en'): JsonObject {
    let document = this.documents.get(locale);
    if (!document) {
      const settings = {
        rateLimit: this.config.RATE_LIMIT_API_KEY,
        rateLimitWindowSeconds: this.config.RATE_LIMIT_API_KEY_WINDOW_SECONDS,
      };
      document = buildOpenApiDocument(this.routes.collect().documented, settings, locale);
      this.documents.set(locale, document);
    }
    return document;
  }
}
