import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { LocalDiskStorage } from './local-disk.storage';
import { S3Storage, s3StorageOptions } from './s3.storage';
import { Storage } from './storage.port';

/** Injects `Storage` by STORAGE_DRIVER: the local directory under STORAGE_DIR (embedded default) or an S3 bucket. */
@Global()
@Module({
  providers: [
    {
      provide: Storage,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Storage =>
        config.STORAGE_DRIVER === 's3'
          ? new S3Storage(s3StorageOptions(config))
          : new LocalDiskStorage(config.STORAGE_DIR),
    },
  ],
  exports: [Storage],
})
export class StorageModule {}
