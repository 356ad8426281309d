import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { LocalDiskStorage } from './local-disk.storage';
import { Storage } from './storage.port';

/** Injects `Storage`; the local directory under STORAGE_DIR is the embedded adapter. */
@Global()
@Module({
  providers: [
    {
      provide: Storage,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new LocalDiskStorage(config.STORAGE_DIR),
    },
  ],
  exports: [Storage],
})
export class StorageModule {}
