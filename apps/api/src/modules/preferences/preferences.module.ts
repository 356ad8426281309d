import { Module } from '@nestjs/common';
import { DownloadOptionsController } from './download-options.controller';
import { DownloadOptionsService } from './download-options.service';

/** The user's own settings beyond the profile: download format and size. */
@Module({
  controllers: [DownloadOptionsController],
  providers: [DownloadOptionsService],
  exports: [DownloadOptionsService],
})
export class PreferencesModule {}
