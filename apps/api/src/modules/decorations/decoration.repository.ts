import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Style } from '@estancia/contracts';
import type { DataSource } from 'typeorm';

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
}
