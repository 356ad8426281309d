import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode, type ProjectImage } from '@estancia/contracts';
import { AppError } from '../../../infra/http/app-error';
import { JobFailedError, JobQueue, JobWaitTimeoutError } from '../../../infra/queue/job-queue.service';
import { ProjectImages } from '../../projects/project-images.service';
import { ProjectsService } from '../../projects/projects.service';
import { IMPORT_FETCH_TIMEOUT_MS, type ImportedImage } from './image-import.job';

const ERROR_CODES = new Set<string>(Object.values(ErrorCode));

/** The fetch's own limit plus the upload path's work (decode, person check, thumbnails) on a busy worker. */
const IMPORT_WAIT_MS = IMPORT_FETCH_TIMEOUT_MS + 45_000;

/**
 * Upload by URL (public API): the request waits while a worker fetches the photo and puts it through
 * the same upload path as a multipart upload, then answers with the new photo or that path's error.
 */
@Injectable()
export class RemoteImageImport {
  private readonly logger = new Logger(RemoteImageImport.name);

  constructor(
    private readonly jobs: JobQueue,
    private readonly projects: ProjectsService,
    private readonly images: ProjectImages,
  ) {}

  async importFromUrl(userId: string, projectId: string, url: string): Promise<ProjectImage> {
    // Someone else's project answers NOT_FOUND before anything is fetched for it.
    await this.projects.findOwned(userId, projectId);
    let imported: ImportedImage;
    try {
      // One attempt: a refused URL or photo is refused again, and the caller may retry with its Idempotency-Key.
      imported = (await this.jobs.addAndWait(
        'image.import',
        { userId, projectId, url },
        { attempts: 1 },
        IMPORT_WAIT_MS,
      )) as ImportedImage;
    } catch (error) {
      throw this.asAppError(error);
    }
    const [image] = await this.images.findOwned(userId, projectId, [imported.imageId]);
    return this.images.toDto(image);
  }

  /** The job fails with an error code as its message; the request answers with it. */
  private asAppError(error: unknown): unknown {
    if (error instanceof JobFailedError) {
      if (ERROR_CODES.has(error.reason)) return new AppError(error.reason as ErrorCode);
      this.logger.error(`image import failed: ${error.reason}`);
      return new AppError(ErrorCode.INTERNAL);
    }
    if (error instanceof JobWaitTimeoutError) {
      this.logger.warn(error.message);
      return new AppError(ErrorCode.HIGH_DEMAND);
    }
    return error;
  }
}
