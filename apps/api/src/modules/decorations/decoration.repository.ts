import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Style } from '@estancia/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/** SQL of the decorations domain that new code needs (the older queries still sit in the services). */
@Injectable()
export class DecorationRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The style lock's reference for a render: the first engine result of another photo of the same property
   * in the same style and under the same seed (a redo with a new seed has broken the lock: none).
   */
  async styleReference(
    projectId: string,
    decorationId: string,
    style: Style,
    seed: number,
  ): Promise<string | null> {
    const [row] = (await this.dataSource.query(
      `SELECT v.result_key AS "resultKey"
         FROM decoration_versions v JOIN decorations d ON d.id = v.decoration_id
        WHERE d.project_id = $1 AND d.id <> $2 AND v.style = $3 AND v.seed = $4
          AND v.state = 'ready' AND v.engine IS NOT NULL AND v.result_key IS NOT NULL
        ORDER BY v.created_at
        LIMIT 1`,
      [projectId, decorationId, style, seed],
    )) as { resultKey: string }[];
    return row?.resultKey ?? null;
  }

  /** Pending versions created within two days and at least `olderThan` ago (an interval): renders to queue again. */
  async strandedVersions(olderThan: string): Promise<{ id: string; decorationId: string }[]> {
    return (await this.dataSource.query(
      `SELECT id, decoration_id AS "decorationId" FROM decoration_versions
        WHERE state = 'pending' AND created_at > now() - interval '2 days'
          AND created_at <= now() - $1::interval`,
      [olderThan],
    )) as { id: string; decorationId: string }[];
  }

  /** Of these versions, the decorations whose render never started, locked until the transaction ends. */
  async lockUnstarted(m: EntityManager, versionIds: string[]): Promise<string[]> {
    const rows = (await m.query(
      `SELECT decoration_id FROM decoration_versions
        WHERE id = ANY($1::uuid[]) AND state = 'pending' AND attempts = 0 FOR UPDATE`,
      [versionIds],
    )) as { decoration_id: string }[];
    return rows.map((row) => row.decoration_id);
  }

  /** Removes decorations of an order undone; their versions and reviews go with them (ON DELETE CASCADE). */
  async deleteDecorations(m: EntityManager, ids: string[]): Promise<void> {
    await m.query(`DELETE FROM decorations WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** Takes `images` decorations and `credits` back off a project's counters, its status following. */
  async withdrawFromProject(
    m: EntityManager,
    projectId: string,
    images: number,
    credits: number,
    status: { pending: number; finished: number },
  ): Promise<void> {
    await m.query(
      `UPDATE projects SET total_images = total_images - $2, credits_spent = GREATEST(credits_spent - $3, 0),
         status = CASE WHEN total_images - $2 <= 0 THEN $4
                       WHEN images_completed >= total_images - $2 THEN $5 ELSE status END,
         updated_at = now()
       WHERE id = $1`,
      [projectId, images, credits, status.pending, status.finished],
    );
  }
}
