import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ErrorCode, type AdminProject } from '@estancia/contracts';
import type { Response } from 'express';
import { AdminOnly } from '../../infra/http/access';
import { AppError } from '../../infra/http/app-error';
import { parseListQuery, setContentRange } from '../../infra/http/simple-rest';
import {
  ADMIN_PROJECT_SORTABLE,
  AdminProjectsRepository,
  type AdminProjectRow,
  type AdminProjectSortField,
} from './admin-projects.repository';
import { MediaUrls } from './media-urls.service';

/** Thumbnails in the console are looked at, not kept: their links expire soon. */
const THUMBNAIL_TTL_SECONDS = 600;

/**
 * The staff console's `projects` resource (admins only, read only): GET admin/projects?filter={"userId":…} for a
 * customer's show page, and GET admin/projects/:id; each project with its decorations' signed thumbnails.
 */
@AdminOnly()
@Controller('admin/projects')
export class AdminProjectsController {
  constructor(
    private readonly projects: AdminProjectsRepository,
    private readonly urls: MediaUrls,
  ) {}

  @Get()
  async list(@Query() query: unknown, @Res({ passthrough: true }) res: Response): Promise<AdminProject[]> {
    const list = parseListQuery<AdminProjectSortField>(
      query,
      Object.keys(ADMIN_PROJECT_SORTABLE) as AdminProjectSortField[],
      { field: 'createdAt', order: 'DESC' },
    );
    const { rows, total } = await this.projects.list(list);
    setContentRange(res, 'projects', list.skip, rows.length, total);
    return rows.map((row) => this.toRecord(row));
  }

  @Get(':id')
  async show(@Param('id') id: string): Promise<AdminProject> {
    const row = await this.projects.find(id);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return this.toRecord(row);
  }

  private toRecord(row: AdminProjectRow): AdminProject {
    return {
      id: row.id,
      userId: row.userId,
      propertyName: row.propertyName,
      createdAt: row.createdAt.toISOString(),
      photos: row.photos,
      decorations: row.decorations.map((d) => ({
        id: d.id,
        type: d.type,
        roomType: d.roomType,
        style: d.style,
        state: d.state,
        thumbnailUrl: d.thumbnailKey ? this.urls.sign(d.thumbnailKey, THUMBNAIL_TTL_SECONDS) : null,
        createdAt: d.createdAt.toISOString(),
      })),
    };
  }
}
