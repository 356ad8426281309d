import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '../identity/identity.module';
import { MaintenanceFlag, MaintenanceGuard } from './maintenance.guard';
import { PlatformFlagsEntity } from './platform-flags.entity';
import { PlatformController } from './platform.controller';
import { PlatformService } from './platform.service';
import { SupportAdminController } from './support-admin.controller';
import { SupportInbox } from './support-inbox.service';
import { SupportMail } from './support-mail.service';
import { SupportController } from './support.controller';
import { SupportService } from './support.service';

/** Platform switches and health, and support: contact requests and problem reports. */
@Module({
  imports: [TypeOrmModule.forFeature([PlatformFlagsEntity]), IdentityModule],
  controllers: [PlatformController, SupportController, SupportAdminController],
  providers: [
    PlatformService,
    SupportService,
    SupportInbox,
    SupportMail,
    MaintenanceFlag,
    // After identity's AccessGuard (IdentityModule is imported, so it registers first): callers are known.
    { provide: APP_GUARD, useClass: MaintenanceGuard },
  ],
  exports: [PlatformService],
})
export class PlatformModule {}
