import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { DecorationsModule } from '../decorations/decorations.module';
import { DescriptionsModule } from '../descriptions/descriptions.module';
import { IdentityModule } from '../identity/identity.module';
import { ProjectsModule } from '../projects/projects.module';
import { WalletModule } from '../wallet/wallet.module';
import { ApiKeyGuard } from './api-key.guard';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeys } from './api-keys.service';
import { IdempotencyInterceptor } from './idempotency';
import { IdempotencyRepository } from './idempotency.repository';
import { McpController } from './mcp/mcp.controller';
import { McpServerFactory } from './mcp/mcp-server.factory';
import { ProtectedResourceController } from './mcp/protected-resource.controller';
import { OpenApiModule } from './openapi/openapi.module';
import { remoteImageProviders } from './remote-images/remote-images.providers';
import { DecorationsV1Controller } from './v1/decorations.v1.controller';
import { DescriptionsV1Controller } from './v1/descriptions.v1.controller';
import { ProjectImagesV1Controller } from './v1/project-images.v1.controller';
import { ProjectsV1Controller } from './v1/projects.v1.controller';
import { WalletV1Controller } from './v1/wallet.v1.controller';
import { WebhooksController } from './webhooks/webhooks.controller';
import { webhookProviders } from './webhooks/webhooks.providers';

/**
 * The integrator API (plan right `apiAccess`): API keys, the public `/api/v1` surface over the app's own
 * services, Idempotency-Key replay, per-key rate limits, signed webhooks, the OpenAPI document and the MCP
 * endpoint.
 */
@Module({
  imports: [
    IdentityModule,
    BillingModule,
    ProjectsModule,
    DecorationsModule,
    DescriptionsModule,
    WalletModule,
    OpenApiModule,
  ],
  controllers: [
    ApiKeysController,
    ProjectImagesV1Controller,
    ProjectsV1Controller,
    DecorationsV1Controller,
    DescriptionsV1Controller,
    WalletV1Controller,
    WebhooksController,
    McpController,
    ProtectedResourceController,
  ],
  providers: [
    ApiKeys,
    ApiKeysRepository,
    ApiKeyGuard,
    IdempotencyInterceptor,
    IdempotencyRepository,
    ...remoteImageProviders,
    McpServerFactory,
    ...webhookProviders,
  ],
  exports: [ApiKeys, ApiKeyGuard, IdempotencyInterceptor],
})
export class IntegrationsModule {}
