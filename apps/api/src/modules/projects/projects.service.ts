import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import {
  ErrorCode,
  PROJECT_PAGE_SIZE,
  type ProjectListResponse,
  type ProjectSummary,
} from '@estancia/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { Storage } from '../../infra/storage/storage.port';
import { MediaUrls } from './media-urls.service';

export interface ProjectRecord {
  id: string;
  userId: string;
  propertyName: string;
  status: number;
  imagesCompleted: number;
  totalImages: number;
  creditsSpent: number;
  newImagesAvailable: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** Photos uploaded so far (the card's "images uploaded"). */
  imagesUploaded: number;
  /** Thumbnail of the first photo, shown on the card. */
  coverKey: string | null;
}

interface ProjectRow {
  id: string;
  user_id: string;
  property_name: string;
  status: number;
  images_completed: number;
  total_images: number;
  credits_spent: number;
  new_images_available: boolean;
  created_at: Date;
  updated_at: Date;
  images_uploaded: number;
  cover_key: string | null;
}

const PROJECT_COLUMNS = `p.id, p.user_id, p.property_name, p.status, p.images_completed, p.total_images,
  p.credits_spent, p.new_images_available, p.created_at, p.updated_at,
  (SELECT count(*)::int FROM project_images i WHERE i.project_id = p.id) AS images_uploaded,
  (SELECT i.thumbnail_key FROM project_images i WHERE i.project_id = p.id ORDER BY i.created_at, i.id LIMIT 1) AS cover_key`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids come from URLs; anything that is not a UUID is simply not found (never a database error). */
export const isUuid = (value: string): boolean => UUID.test(value);

export const projectPrefix = (projectId: string): string => `projects/${projectId}/`;

const toRecord = (row: ProjectRow): ProjectRecord => ({
  id: row.id,
  userId: row.user_id,
  propertyName: row.property_name,
  status: row.status,
  imagesCompleted: row.images_completed,
  totalImages: row.total_images,
  creditsSpent: row.credits_spent,
  newImagesAvailable: row.new_images_available,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  imagesUploaded: row.images_uploaded,
  coverKey: row.cover_key,
});

/** `%` and `_` typed in the search box are literal characters, not wildcards. */
const likePattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ACCENTED = 'áàâäãåÁÀÂÄÃÅéèêëÉÈÊËíìîïÍÌÎÏóòôöõÓÒÔÖÕúùûüÚÙÛÜñÑçÇ·';
const PLAIN = 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunncc';
/**
 * An SQL expression comparing names as people type them: "lluis" finds "Lluís", "COL·LEGI" finds "Col·legi".
 * Accents go first (translate; the Catalan middle dot is dropped), then case, so it holds whatever the
 * database's collation, and needs no extension.
 */
const folded = (expression: string): string => `lower(translate(${expression}, '${ACCENTED}', '${PLAIN}'))`;
/** The project name in `column` contains the search, given as the LIKE pattern $2. */
const nameMatches = (column: string): string => `${folded(column)} LIKE ${folded('$2')}`;

/** A customer's projects: list, create, read, delete; every call is scoped to the caller. */
@Injectable()
export class ProjectsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: Storage,
    private readonly urls: MediaUrls,
  ) {}

  async list(userId: string, search: string, page: number): Promise<ProjectListResponse> {
    const pattern = likePattern(search);
    const offset = (page - 1) * PROJECT_PAGE_SIZE;
    const [rows, counted] = await Promise.all([
      this.dataSource.query(
        `SELECT ${PROJECT_COLUMNS} FROM projects p
         WHERE p.user_id = $1 AND ${nameMatches('p.property_name')}
         ORDER BY p.created_at DESC, p.id DESC LIMIT $3 OFFSET $4`,
        [userId, pattern, PROJECT_PAGE_SIZE, offset],
      ) as Promise<ProjectRow[]>,
      this.dataSource.query(
        `SELECT count(*)::int AS total FROM projects WHERE user_id = $1 AND ${nameMatches('property_name')}`,
        [userId, pattern],
      ) as Promise<{ total: number }[]>,
    ]);
    return {
      items: rows.map((row) => this.summary(toRecord(row))),
      total: counted[0].total,
      page,
      pageSize: PROJECT_PAGE_SIZE,
    };
  }

  async create(userId: string, propertyName: string): Promise<ProjectSummary> {
    try {
      const [row] = (await this.dataSource.query(
        `INSERT INTO projects (user_id, property_name) VALUES ($1, $2) RETURNING id`,
        [userId, propertyName],
      )) as { id: string }[];
      return this.summary(await this.findOwned(userId, row.id));
    } catch (error) {
      // The unique index on (user_id, lower(property_name)) decides, so two racing creates cannot both pass.
      if ((error as { code?: string }).code === '23505') {
        throw new AppError(ErrorCode.PROJECT_EXISTS, { propertyName: ErrorCode.PROJECT_EXISTS });
      }
      throw error;
    }
  }

  /** The caller's project; a missing and someone else's project answer the same NOT_FOUND. */
  async findOwned(userId: string, projectId: string, manager?: EntityManager): Promise<ProjectRecord> {
    if (!isUuid(projectId)) throw new AppError(ErrorCode.NOT_FOUND);
    const rows = (await (manager ?? this.dataSource).query(
      `SELECT ${PROJECT_COLUMNS} FROM projects p WHERE p.id = $1 AND p.user_id = $2`,
      [projectId, userId],
    )) as ProjectRow[];
    if (!rows[0]) throw new AppError(ErrorCode.NOT_FOUND);
    return toRecord(rows[0]);
  }

  /** Deletes the project (its images and decorations cascade), then its files. */
  async remove(userId: string, projectId: string): Promise<void> {
    if (!isUuid(projectId)) throw new AppError(ErrorCode.NOT_FOUND);
    const [deleted] = (await retryOnDeadlock(() =>
      this.dataSource.query(`DELETE FROM projects WHERE id = $1 AND user_id = $2 RETURNING id`, [
        projectId,
        userId,
      ]),
    )) as [{ id: string }[], number];
    if (!deleted.length) throw new AppError(ErrorCode.NOT_FOUND);
    await this.removeFiles(projectPrefix(projectId));
  }

  /**
   * The project is already gone for everyone; a render still writing into its folder can make a removal
   * pass fail (the folder refills), so it is tried again a moment later, and a last failure is logged
   * rather than answered as an error for a deletion that happened.
   */
  private async removeFiles(prefix: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.storage.deletePrefix(prefix);
      } catch (error) {
        if (attempt === 3) {
          new Logger('Projects').warn(`Files under ${prefix} not all removed: ${String(error)}`);
          return;
        }
        await sleep(500 * attempt);
      }
    }
  }

  summary(record: ProjectRecord): ProjectSummary {
    return {
      id: record.id,
      propertyName: record.propertyName,
      status: record.status,
      imagesCompleted: record.imagesCompleted,
      totalImages: record.totalImages,
      imagesUploaded: record.imagesUploaded,
      newImagesAvailable: record.newImagesAvailable,
      credits: record.creditsSpent,
      coverUrl: record.coverKey ? this.urls.sign(record.coverKey) : null,
      createdAt: record.createdAt.toISOString(),
      updatedAt: record.updatedAt.toISOString(),
    };
  }
}

/**
 * A render finishing while its project is deleted locks its version, then the project; the cascading DELETE
 * locks them the other way round. PostgreSQL breaks such a deadlock by failing one side: the deletion is
 * simply tried again (the render's side commits or finds its rows gone).
 */
async function retryOnDeadlock<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt === 3) throw error;
      await sleep(50 * attempt);
    }
  }
}
