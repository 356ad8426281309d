import { Injectable } from '@nestjs/common';
import type { DecorationType, RoomType, Style } from '@estancia/contracts';
import { DataSource } from 'typeorm';
import type { ListQuery } from '../../infra/http/simple-rest';
import { isUuid } from './projects.service';

export const ADMIN_PROJECT_SORTABLE = { createdAt: 'p.created_at' } as const;
export type AdminProjectSortField = keyof typeof ADMIN_PROJECT_SORTABLE;

export interface AdminProjectRow {
  id: string;
  userId: string;
  propertyName: string;
  createdAt: Date;
  photos: number;
  decorations: {
    id: string;
    type: DecorationType;
    roomType: RoomType;
    style: Style;
    state: string;
    /** The shown version's thumbnail, once rendered. */
    thumbnailKey: string | null;
    createdAt: Date;
  }[];
}

/** SQL of the staff console's read-only `projects` resource: a customer's projects with their decorations. */
@Injectable()
export class AdminProjectsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(list: ListQuery<AdminProjectSortField>): Promise<{ rows: AdminProjectRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const { userId, id } = list.filter;
    if (userId !== undefined) {
      // A malformed id matches nothing, exactly like an unknown one.
      params.push(typeof userId === 'string' && isUuid(userId) ? userId : null);
      where.push(`p.user_id = $${params.length}`);
    }
    if (id !== undefined) {
      params.push(
        (Array.isArray(id) ? id : [id]).filter((v): v is string => typeof v === 'string' && isUuid(v)),
      );
      where.push(`p.id = ANY($${params.length}::uuid[])`);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = list.sort.order;
    const [[{ total }], projects] = await Promise.all([
      this.dataSource.query(`SELECT count(*)::int AS total FROM projects p ${whereSql}`, params) as Promise<
        { total: number }[]
      >,
      this.dataSource.query(
        `SELECT p.id, p.user_id AS "userId", p.property_name AS "propertyName", p.created_at AS "createdAt"
           FROM projects p ${whereSql}
          ORDER BY ${ADMIN_PROJECT_SORTABLE[list.sort.field]} ${order}, p.id ${order}
          OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
        [...params, list.skip, list.take],
      ) as Promise<Omit<AdminProjectRow, 'photos' | 'decorations'>[]>,
    ]);
    return { rows: await this.decorate(projects), total };
  }

  async find(id: string): Promise<AdminProjectRow | null> {
    if (!isUuid(id)) return null;
    const projects = (await this.dataSource.query(
      `SELECT p.id, p.user_id AS "userId", p.property_name AS "propertyName", p.created_at AS "createdAt"
         FROM projects p WHERE p.id = $1`,
      [id],
    )) as Omit<AdminProjectRow, 'photos' | 'decorations'>[];
    return (await this.decorate(projects))[0] ?? null;
  }

  /** The photo counts and decorations of one page of projects, in two queries for the whole page. */
  private async decorate(
    projects: Omit<AdminProjectRow, 'photos' | 'decorations'>[],
  ): Promise<AdminProjectRow[]> {
    if (!projects.length) return [];
    const ids = projects.map((p) => p.id);
    const [photos, decorations] = await Promise.all([
      this.dataSource.query(
        `SELECT project_id, count(*)::int AS photos FROM project_images
          WHERE project_id = ANY($1::uuid[]) GROUP BY project_id`,
        [ids],
      ) as Promise<{ project_id: string; photos: number }[]>,
      this.dataSource.query(
        `SELECT d.id, d.project_id, d.type, d.room_type AS "roomType", d.style, d.state, d.created_at AS "createdAt",
                CASE WHEN v.state = 'ready' THEN v.thumbnail_key END AS "thumbnailKey"
           FROM decorations d LEFT JOIN decoration_versions v ON v.id = d.current_version_id
          WHERE d.project_id = ANY($1::uuid[])
          ORDER BY d.created_at, d.id`,
        [ids],
      ) as Promise<(AdminProjectRow['decorations'][number] & { project_id: string })[]>,
    ]);
    const photoCount = new Map(photos.map((row) => [row.project_id, row.photos]));
    return projects.map((project) => ({
      ...project,
      photos: photoCount.get(project.id) ?? 0,
      decorations: decorations
        .filter((d) => d.project_id === project.id)
        .map(({ project_id: _, ...decoration }) => decoration),
    }));
  }
}
