import { Module } from '@nestjs/common';
import { EngineModule } from '../decorations/engine/engine.module';
import { IdentityModule } from '../identity/identity.module';
import { PlatformModule } from '../platform/platform.module';
import { ProjectsModule } from '../projects/projects.module';
import { WalletModule } from '../wallet/wallet.module';
import { FreeDownloadMail } from './free-download-mail.service';
import { FreeDownloads } from './free-downloads.service';
import { FreeTryAllowance } from './free-try-allowance.service';
import { FreeTryController } from './free-try.controller';
import { FreeTryExpiry } from './free-try-expiry.service';
import { FreeTryRenderJob } from './free-try-render.job';
import { FreeTryService } from './free-try.service';
import { InspirationGallery } from './inspiration.service';

/** The visitor's free decoration without an account: limits, render job, 15-minute expiry, HD download. */
@Module({
  imports: [EngineModule, ProjectsModule, PlatformModule, WalletModule, IdentityModule],
  controllers: [FreeTryController],
  providers: [
    FreeTryService,
    FreeTryAllowance,
    FreeTryRenderJob,
    FreeTryExpiry,
    FreeDownloads,
    FreeDownloadMail,
    InspirationGallery,
  ],
})
export class FreeTryModule {}
