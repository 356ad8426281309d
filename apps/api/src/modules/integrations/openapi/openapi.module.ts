import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ApiRouteCatalogue } from './api-routes';
import { OpenApiController } from './openapi.controller';
import { OpenApiDocument } from './openapi.service';
import { SwaggerUiAssets } from './swagger-ui';

/** The OpenAPI document of `/api/v1`, generated from the mounted controllers, and its Swagger UI. */
@Module({
  imports: [DiscoveryModule],
  controllers: [OpenApiController],
  providers: [ApiRouteCatalogue, OpenApiDocument, SwaggerUiAssets],
  exports: [OpenApiDocument],
})
export class OpenApiModule {}
