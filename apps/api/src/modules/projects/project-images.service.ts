import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode, LIMITS, type ProjectImage, type UploadImagesResponse } from '@estancia/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { Storage } from '../../infra/storage/storage.port';
import { prepareImage, type PreparedImage } from './image-processing';
import { MediaUrls } from './media-urls.service';
import { PersonDetector } from './person-detector.port';
import { isUuid, projectPrefix, ProjectsService } from './projects.service';

export interface ImageRecord {
  id: string;
  projectId: string;
  userId: string;
  originalKey: string;
  previewKey: string;
  thumbnailKey: string;
  width: number;
  height: number;
  bytes: number;
  createdAt: Date;
}

interface ImageRow {
  id: string;
  project_id: string;
  user_id: string;
  original_key: string;
  preview_key: string;
  thumbnail_key: string;
  width: number;
  height: number;
  bytes: number;
  created_at: Date;
}

/** An uploaded file as multer hands it over (memory storage). */
export interface UploadedFile {
  buffer: Buffer;
  size: number;
}

const IMAGE_COLUMNS =
  'id, project_id, user_id, original_key, preview_key, thumbnail_key, width, height, bytes, created_at';

const toRecord = (row: ImageRow): ImageRecord => ({
  id: row.id,
  projectId: row.project_id,
  userId: row.user_id,
  originalKey: row.original_key,
  previewKey: row.preview_key,
  thumbnailKey: row.thumbnail_key,
  width: row.width,
  height: row.height,
  bytes: row.bytes,
  createdAt: row.created_at,
});

export const imageKeys = (projectId: string, imageId: string) => {
  const folder = `${projectPrefix(projectId)}images/${imageId}/`;
  return {
    folder,
    original: `${folder}original.jpg`,
    preview: `${folder}preview.jpg`,
    thumbnail: `${folder}thumb.jpg`,
  };
};

/** The photos of a project: upload (checked and cleaned), list, ownership checks, links. */
@Injectable()
export class ProjectImages {
  private readonly logger = new Logger(ProjectImages.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: Storage,
    private readonly urls: MediaUrls,
    private readonly projects: ProjectsService,
    private readonly detector: PersonDetector,
  ) {}

  async list(projectId: string): Promise<ImageRecord[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${IMAGE_COLUMNS} FROM project_images WHERE project_id = $1 ORDER BY created_at, id`,
      [projectId],
    )) as ImageRow[];
    return rows.map(toRecord);
  }

  /**
   * The caller's images of one project, in the order asked, checked as one set: if any id is missing,
   * someone else's or in another project, the whole call answers NOT_FOUND.
   */
  async findOwned(
    userId: string,
    projectId: string,
    imageIds: string[],
    manager?: EntityManager,
  ): Promise<ImageRecord[]> {
    const wanted = [...new Set(imageIds)];
    if (!isUuid(projectId) || !wanted.every(isUuid)) throw new AppError(ErrorCode.NOT_FOUND);
    const rows = (await (manager ?? this.dataSource).query(
      `SELECT ${IMAGE_COLUMNS} FROM project_images WHERE id = ANY($1::uuid[]) AND project_id = $2 AND user_id = $3`,
      [wanted, projectId, userId],
    )) as ImageRow[];
    if (rows.length !== wanted.length) throw new AppError(ErrorCode.NOT_FOUND);
    const byId = new Map(rows.map((row) => [row.id, toRecord(row)]));
    return imageIds.map((id) => byId.get(id) as ImageRecord);
  }

  toDto(record: ImageRecord): ProjectImage {
    return {
      id: record.id,
      projectId: record.projectId,
      width: record.width,
      height: record.height,
      previewUrl: this.urls.sign(record.previewKey),
      thumbnailUrl: this.urls.sign(record.thumbnailKey),
      createdAt: record.createdAt.toISOString(),
    };
  }

  /**
   * Adds photos to a project. A request is all or nothing: if any of its files is refused (too big,
   * not an image, too many pixels, a person in it, or more than the project's photo limit), the whole
   * request is refused with that file's error and nothing is stored, so the customer can fix the one
   * photo and send the set again.
   */
  async upload(userId: string, projectId: string, files: UploadedFile[]): Promise<UploadImagesResponse> {
    if (files.length === 0) throw new AppError(ErrorCode.NO_IMAGE_SELECTED);
    if (files.some((file) => file.size > LIMITS.maxImageBytes)) throw new AppError(ErrorCode.IMAGE_TOO_LARGE);
    // Cheap early answer before any decoding; the binding check runs again under the lock below.
    const project = await this.projects.findOwned(userId, projectId);
    if (project.imagesUploaded + files.length > LIMITS.maxPhotosPerProject)
      throw new AppError(ErrorCode.TOO_MANY_PHOTOS);

    // One at a time: each decode holds the full-size pixels in memory.
    const prepared: PreparedImage[] = [];
    for (const file of files) {
      const image = await prepareImage(file.buffer);
      if (await this.detector.hasPerson(image.pixels)) throw new AppError(ErrorCode.IMAGE_HAS_PERSON);
      prepared.push(image);
    }

    const written: string[] = [];
    try {
      const rows = await this.dataSource.transaction(async (manager) => {
        // The project row lock serialises uploads to one project, so two parallel requests cannot
        // both see room for their photos.
        const locked = (await manager.query(
          `SELECT id FROM projects WHERE id = $1 AND user_id = $2 FOR UPDATE`,
          [projectId, userId],
        )) as { id: string }[];
        if (!locked.length) throw new AppError(ErrorCode.NOT_FOUND);
        const [{ count }] = (await manager.query(
          `SELECT count(*)::int AS count FROM project_images WHERE project_id = $1`,
          [projectId],
        )) as { count: number }[];
        if (count + prepared.length > LIMITS.maxPhotosPerProject)
          throw new AppError(ErrorCode.TOO_MANY_PHOTOS);

        const inserted: ImageRow[] = [];
        for (const image of prepared) {
          const id = randomUUID();
          const keys = imageKeys(projectId, id);
          written.push(keys.folder);
          await Promise.all([
            this.storage.put(keys.original, image.original),
            this.storage.put(keys.preview, image.preview),
            this.storage.put(keys.thumbnail, image.thumbnail),
          ]);
          // clock_timestamp(), not the column's now(): now() is the transaction's start, so the photos
          // of one request would tie and list in id order instead of the order they were sent.
          const [row] = (await manager.query(
            `INSERT INTO project_images (id, project_id, user_id, original_key, preview_key, thumbnail_key, width, height, bytes, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, clock_timestamp()) RETURNING ${IMAGE_COLUMNS}`,
            [
              id,
              projectId,
              userId,
              keys.original,
              keys.preview,
              keys.thumbnail,
              image.width,
              image.height,
              image.original.length,
            ],
          )) as ImageRow[];
          inserted.push(row);
        }
        await manager.query(`UPDATE projects SET updated_at = now() WHERE id = $1`, [projectId]);
        return inserted;
      });
      return { images: rows.map((row) => this.toDto(toRecord(row))) };
    } catch (error) {
      // Files written for a request that did not commit are removed: a refusal leaves nothing behind.
      await Promise.all(written.map((folder) => this.storage.deletePrefix(folder))).catch((cleanup: Error) =>
        this.logger.error(`could not remove files of a refused upload: ${cleanup.message}`),
      );
      throw error;
    }
  }
}
