import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DEFAULT_LOCALE,
  ErrorCode,
  isLocale,
  type DownloadOptions,
  type Locale,
  type RoomType,
  type Style,
} from '@estancia/contracts';
import archiver from 'archiver';
import type { Response } from 'express';
import type { Writable } from 'node:stream';
import type { DataSource } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { Storage } from '../../infra/storage/storage.port';
import { PlanRights } from '../billing/plan-rights.service';
import { DOWNLOAD_CONTENT_TYPES, encodeDownload } from '../preferences/download-encoding';
import { DownloadOptionsService } from '../preferences/download-options.service';
import { ProjectsService } from '../projects/projects.service';
import { assertId, DecorationsService } from './decorations.service';
import {
  attachmentDisposition,
  decorationDownloadName,
  projectZipName,
  type DownloadName,
} from './download-name';
import { applyWatermark } from './watermark';

export interface DownloadFile {
  name: DownloadName;
  contentType: string;
  body: Buffer;
}

/** Answers a decoration's file as an attachment under its translated name (the app's and the public API's download). */
export function sendDownload(res: Response, file: DownloadFile): void {
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Disposition', attachmentDisposition(file.name));
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(file.body);
}

interface ReadyRow {
  id: string;
  room_type: RoomType;
  style: Style;
  number: number;
  result_key: string;
  property_name: string;
  /** The owner's stored language: names the file when the request asks for none. */
  language: string;
  /** Its number among the project's decorations of the same room type and style, oldest first (a bigint: text). */
  ordinal: string;
}

const fileName = (row: ReadyRow, format: DownloadOptions['format'], requested: Locale | null): DownloadName =>
  decorationDownloadName({
    propertyName: row.property_name,
    roomType: row.room_type,
    style: row.style,
    ordinal: Number(row.ordinal),
    extension: format,
    locale: requested ?? (isLocale(row.language) ? row.language : DEFAULT_LOCALE),
  });

/** Downloads of results, watermarked unless the user's plan removes the mark. */
@Injectable()
export class DownloadsService {
  private readonly logger = new Logger('Downloads');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly decorations: DecorationsService,
    private readonly projects: ProjectsService,
    private readonly storage: Storage,
    private readonly planRights: PlanRights,
    private readonly downloadOptions: DownloadOptionsService,
  ) {}

  /** `requested`: the language the request asks for; else the files are named in the account's language. */
  async one(userId: string, decorationId: string, requested: Locale | null): Promise<DownloadFile> {
    const decoration = await this.decorations.findOwned(userId, decorationId);
    const [row] = await this.ready([decoration]);
    if (!row) throw new AppError(ErrorCode.DECORATION_NOT_READY);
    const { watermark } = await this.planRights.forUser(userId);
    const options = await this.downloadOptions.get(userId);
    return {
      name: fileName(row, options.format, requested),
      contentType: DOWNLOAD_CONTENT_TYPES[options.format],
      body: await this.body(row, watermark, options),
    };
  }

  /**
   * Checks the request and answers the zip's name and a writer; the ids (none: every ready
   * decoration) must all be the caller's decorations of this project.
   */
  async zip(
    userId: string,
    projectId: string,
    ids: string[],
    requested: Locale | null,
  ): Promise<{ name: DownloadName; write: (out: Writable) => Promise<void> }> {
    assertId(projectId);
    const project = await this.projects.findOwned(userId, projectId);
    ids.forEach(assertId);
    const chosen = ids.length
      ? await this.dataSource.query(
          `SELECT * FROM decorations WHERE project_id = $1 AND id = ANY($2::uuid[])`,
          [projectId, ids],
        )
      : await this.dataSource.query(`SELECT * FROM decorations WHERE project_id = $1`, [projectId]);
    const decorations = (chosen as { id: string; current_version_id: string | null; state: string }[]).map(
      (d) => ({ id: d.id, currentVersionId: d.current_version_id, state: d.state }),
    );
    if (ids.length && decorations.length !== new Set(ids).size) throw new AppError(ErrorCode.NOT_FOUND);
    const rows = await this.ready(decorations);
    if (!rows.length) throw new AppError(ErrorCode.DOWNLOAD_NOT_POSSIBLE);
    const { watermark } = await this.planRights.forUser(userId);
    const options = await this.downloadOptions.get(userId);
    return {
      name: projectZipName(project.propertyName),
      write: async (out) => {
        // JPEGs and PNGs are already compressed: store them, do not spend CPU deflating them again.
        const archive = archiver('zip', { store: true });
        const done = new Promise<void>((resolve, reject) => {
          out.on('close', resolve);
          out.on('finish', resolve);
          archive.on('error', reject);
        });
        archive.on('warning', (error) => this.logger.warn(`zip: ${error.message}`));
        archive.pipe(out);
        for (const row of rows)
          archive.append(await this.body(row, watermark, options), {
            name: fileName(row, options.format, requested).utf8,
          });
        await archive.finalize();
        await done;
      },
    };
  }

  private async body(row: ReadyRow, watermark: boolean, options: DownloadOptions): Promise<Buffer> {
    const original = await this.storage.get(row.result_key);
    return encodeDownload(watermark ? await applyWatermark(original) : original, options);
  }

  /** The ready current versions of these decorations, in the order given. */
  private async ready(
    decorations: { id: string; currentVersionId: string | null; state: string }[],
  ): Promise<ReadyRow[]> {
    const ids = decorations.filter((d) => d.state === 'ready' && d.currentVersionId).map((d) => d.id);
    if (!ids.length) return [];
    // Numbered over all the project's decorations, so a file has the same name alone or in any zip.
    const rows = (await this.dataSource.query(
      `WITH numbered AS (
         SELECT id, row_number() OVER (PARTITION BY project_id, room_type, style ORDER BY created_at, id) AS ordinal
           FROM decorations
          WHERE project_id IN (SELECT project_id FROM decorations WHERE id = ANY($1::uuid[]))
       )
       SELECT d.id, v.room_type, v.style, v.number, v.result_key, p.property_name, u.language, n.ordinal
         FROM decorations d
         JOIN numbered n ON n.id = d.id
         JOIN decoration_versions v ON v.id = d.current_version_id AND v.state = 'ready'
         JOIN projects p ON p.id = d.project_id
         JOIN users u ON u.id = d.user_id
        WHERE d.id = ANY($1::uuid[]) AND v.result_key IS NOT NULL
        ORDER BY d.created_at`,
      [ids],
    )) as ReadyRow[];
    return rows;
  }
}
