import type { Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/config';
import { IMPORT_FETCH_TIMEOUT_MS, ImageImportJob } from './image-import.job';
import { RemoteImageImport } from './remote-image-import.service';
import { RemoteImageFetcher } from './remote-image.fetcher';

/** Upload by URL: the request side, the worker's job and its fetcher (private addresses and http only in tests). */
export const remoteImageProviders: Provider[] = [
  RemoteImageImport,
  ImageImportJob,
  {
    provide: RemoteImageFetcher,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) =>
      new RemoteImageFetcher({
        allowHttp: config.REMOTE_IMAGES_ALLOW_HTTP,
        allowPrivate: config.REMOTE_IMAGES_ALLOW_PRIVATE,
        totalTimeoutMs: IMPORT_FETCH_TIMEOUT_MS,
      }),
  },
];
