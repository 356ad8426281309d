import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { AppConfig } from './infra/config/config';
import { ConfigModule } from './infra/config/config.module';
import { DatabaseModule } from './infra/database/database.module';
import { EventsModule } from './infra/events/events.module';
import { ErrorFilter } from './infra/http/error.filter';
import { RequestLoggingModule } from './infra/http/request-logging';
import { MailModule } from './infra/mail/mail.module';
import { MetricsModule } from './infra/metrics/metrics.module';
import { QueueModule } from './infra/queue/queue.module';
import { RealtimeModule } from './infra/realtime/realtime.module';
import { RedisModule } from './infra/redis/redis.module';
import { StorageModule } from './infra/storage/storage.module';
import { IdentityModule } from './modules/identity/identity.module';
import { PlatformModule } from './modules/platform/platform.module';
import { ProjectsModule } from './modules/projects/projects.module';
import { DecorationsModule } from './modules/decorations/decorations.module';
import { WalletModule } from './modules/wallet/wallet.module';
import { BillingModule } from './modules/billing/billing.module';
import { CatalogueModule } from './modules/catalogue/catalogue.module';
import { EditsModule } from './modules/edits/edits.module';
import { ReviewModule } from './modules/review/review.module';
import { FreeTryModule } from './modules/free-try/free-try.module';
import { DescriptionsModule } from './modules/descriptions/descriptions.module';
import { AccountModule } from './modules/account/account.module';
import { IntegrationsModule } from './modules/integrations/integrations.module';
import { AuditModule } from './modules/audit/audit.module';
import { DashboardModule } from './modules/dashboard/dashboard.module';

/** The whole product; the role (api, worker, all) decides what main starts, not which modules load. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        // before the queue: its destroy hook marks the process draining before the workers wait for their jobs
        MetricsModule,
        DatabaseModule,
        RedisModule,
        RequestLoggingModule,
        QueueModule,
        EventsModule,
        // identity answers the hub's handshakes (HubAuthenticator); the infra names no domain itself
        RealtimeModule.forRoot(IdentityModule),
        StorageModule,
        MailModule,
        // domain modules are listed below
        AuditModule,
        IdentityModule,
        WalletModule,
        PlatformModule,
        ProjectsModule,
        // after PlatformModule: its GET project/healthCheck must match before GET project/:id
        DecorationsModule,
        BillingModule,
        CatalogueModule,
        EditsModule,
        ReviewModule,
        FreeTryModule,
        DescriptionsModule,
        AccountModule,
        IntegrationsModule,
        DashboardModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: ErrorFilter }],
    };
  }
}
