import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingModule } from '../billing/billing.module';
import { PlatformModule } from '../platform/platform.module';
import { PreferencesModule } from '../preferences/preferences.module';
import { ProjectsModule } from '../projects/projects.module';
import { ReviewQueueModule } from '../review/review-queue.module';
import { WalletModule } from '../wallet/wallet.module';
import { DecorationRepository } from './decoration.repository';
import { DecorationRenderer } from './decoration-renderer.service';
import { DecorationEntity, DecorationVersionEntity } from './decoration.entity';
import { DecorationsController } from './decorations.controller';
import { DecorationsService } from './decorations.service';
import { DownloadsService } from './downloads.service';
import { EngineModule } from './engine/engine.module';

/** Ordering, the render job, redo and versions, downloads. */
@Module({
  imports: [
    TypeOrmModule.forFeature([DecorationEntity, DecorationVersionEntity]),
    EngineModule,
    ProjectsModule,
    WalletModule,
    PlatformModule,
    BillingModule,
    PreferencesModule,
    ReviewQueueModule,
  ],
  controllers: [DecorationsController],
  providers: [DecorationsService, DecorationRenderer, DecorationRepository, DownloadsService],
  exports: [DecorationsService, DownloadsService],
})
export class DecorationsModule {}
