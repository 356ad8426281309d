import { Injectable } from '@nestjs/common';
import type { JobOf } from '../../../infra/queue/jobs';
import { OnJob } from '../../../infra/queue/on-job.decorator';
import { ProjectImages } from '../../projects/project-images.service';
import { RemoteImageFetcher } from './remote-image.fetcher';

/** The whole fetch of one photo, redirects included. */
export const IMPORT_FETCH_TIMEOUT_MS = 30_000;

/** What the job answers to the waiting request. */
export interface ImportedImage {
  imageId: string;
}

/**
 * The `image.import` job: fetches the integrator's photo and hands it to the multipart upload's own path
 * (size, type decided from the bytes, EXIF strip, thumbnails, person check, photo limit), so a photo by
 * URL is checked exactly like an uploaded one. Its errors are AppErrors whose message is the code.
 */
@Injectable()
export class ImageImportJob {
  constructor(
    private readonly fetcher: RemoteImageFetcher,
    private readonly images: ProjectImages,
  ) {}

  @OnJob('image.import')
  async run(data: JobOf<'image.import'>): Promise<ImportedImage> {
    const buffer = await this.fetcher.fetch(data.url);
    const { images } = await this.images.upload(data.userId, data.projectId, [
      { buffer, size: buffer.length },
    ]);
    return { imageId: images[0].id };
  }
}
