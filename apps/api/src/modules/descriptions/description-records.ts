import { Injectable } from '@nestjs/common';
import {
  LIMITS,
  type Description,
  type DescriptionFacts,
  type DescriptionLanguage,
  type DescriptionVersion,
  type DescriptionVersionKind,
  type DescriptionVersionState,
} from '@estancia/contracts';
import { DataSource, type EntityManager } from 'typeorm';

interface VersionRow {
  id: string;
  description_id: string;
  user_id: string;
  project_id: string;
  number: number;
  kind: DescriptionVersionKind;
  facts: DescriptionFacts;
  seed: number;
  text: string | null;
  state: DescriptionVersionState;
  credits: number;
  plan_units: number;
  created_at: Date;
}

export interface DescriptionRow {
  id: string;
  user_id: string;
  project_id: string;
  language: DescriptionLanguage;
  facts: DescriptionFacts;
  seed: number;
  current_version_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export type VersionRecord = VersionRow;

const toVersion = (row: VersionRow): DescriptionVersion => ({
  id: row.id,
  descriptionId: row.description_id,
  projectId: row.project_id,
  number: row.number,
  language: row.facts.language,
  kind: row.kind,
  facts: row.facts,
  text: row.text,
  state: row.state,
  credits: row.credits,
  includedInPlan: row.plan_units > 0,
  createdAt: row.created_at.toISOString(),
});

/** Regenerations that count against the free ones: a failed one was refunded and does not. */
export const countedRegenerations = (versions: { kind: string; state: string }[]): number =>
  versions.filter((v) => v.kind === 'regenerate' && v.state !== 'failed').length;

/** The descriptions' tables: every SQL statement of the module, so the services hold only decisions. */
@Injectable()
export class DescriptionRecords {
  constructor(private readonly dataSource: DataSource) {}

  /** The caller's description; someone else's answers undefined, like a missing one. */
  async owned(userId: string, id: string, m: EntityManager = this.dataSource.manager, lock = false) {
    const [row] = (await m.query(
      `SELECT * FROM descriptions WHERE id = $1 AND user_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [id, userId],
    )) as DescriptionRow[];
    return row;
  }

  async forProjectLanguage(m: EntityManager, projectId: string, language: DescriptionLanguage) {
    const [row] = (await m.query(
      `SELECT * FROM descriptions WHERE project_id = $1 AND language = $2 FOR UPDATE`,
      [projectId, language],
    )) as DescriptionRow[];
    return row;
  }

  async insertDescription(
    m: EntityManager,
    d: { userId: string; projectId: string; facts: DescriptionFacts; seed: number },
  ): Promise<DescriptionRow> {
    const [row] = (await m.query(
      `INSERT INTO descriptions (user_id, project_id, language, facts, seed) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
      [d.userId, d.projectId, d.facts.language, JSON.stringify(d.facts), d.seed],
    )) as DescriptionRow[];
    return row!;
  }

  async setFacts(m: EntityManager, id: string, facts: DescriptionFacts): Promise<void> {
    await m.query(`UPDATE descriptions SET facts = $2, updated_at = now() WHERE id = $1`, [
      id,
      JSON.stringify(facts),
    ]);
  }

  /** The next version's number and the regenerations that count against the free ones. */
  async nextVersion(
    m: EntityManager,
    descriptionId: string,
  ): Promise<{ number: number; regenerations: number }> {
    const [row] = (await m.query(
      `SELECT COALESCE(max(number), 0)::int + 1 AS number,
              count(*) FILTER (WHERE kind = 'regenerate' AND state <> 'failed')::int AS regenerations
         FROM description_versions WHERE description_id = $1`,
      [descriptionId],
    )) as { number: number; regenerations: number }[];
    return row!;
  }

  /** Plan descriptions used by the user this calendar month (in the business's time zone). */
  async usedThisMonth(m: EntityManager, userId: string, timeZone: string): Promise<number> {
    const [row] = (await m.query(
      `SELECT COALESCE(sum(plan_units), 0)::int AS used FROM description_versions
        WHERE user_id = $1 AND plan_units > 0 AND state <> 'failed'
          AND created_at >= date_trunc('month', now(), $2)`,
      [userId, timeZone],
    )) as { used: number }[];
    return row?.used ?? 0;
  }

  async insertVersion(
    m: EntityManager,
    v: {
      id: string;
      descriptionId: string;
      userId: string;
      projectId: string;
      number: number;
      kind: DescriptionVersionKind;
      facts: DescriptionFacts;
      seed: number;
      credits: number;
      planUnits: number;
    },
  ): Promise<void> {
    await m.query(
      `INSERT INTO description_versions (id, description_id, user_id, project_id, number, kind, facts, seed, credits, plan_units)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        v.id,
        v.descriptionId,
        v.userId,
        v.projectId,
        v.number,
        v.kind,
        JSON.stringify(v.facts),
        v.seed,
        v.credits,
        v.planUnits,
      ],
    );
  }

  async versionRow(
    id: string,
    m: EntityManager = this.dataSource.manager,
  ): Promise<VersionRecord | undefined> {
    const [row] = (await m.query(`SELECT * FROM description_versions WHERE id = $1`, [id])) as VersionRow[];
    return row;
  }

  async version(id: string): Promise<DescriptionVersion | undefined> {
    const row = await this.versionRow(id);
    return row && toVersion(row);
  }

  /** Lands a written text; false when the version is no longer pending (a second run of the job). */
  async land(versionId: string, text: string): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      const [landed] = (await m.query(
        `UPDATE description_versions SET text = $2, state = 'ready' WHERE id = $1 AND state = 'pending'
         RETURNING description_id`,
        [versionId, text],
      )) as [{ description_id: string }[], number];
      const row = landed[0];
      if (!row) return false;
      await m.query(`UPDATE descriptions SET current_version_id = $2, updated_at = now() WHERE id = $1`, [
        row.description_id,
        versionId,
      ]);
      return true;
    });
  }

  /** Marks a pending version failed; answers its credits, or null when it was not pending. */
  async markFailed(m: EntityManager, versionId: string): Promise<number | null> {
    const [rows] = (await m.query(
      `UPDATE description_versions SET state = 'failed' WHERE id = $1 AND state = 'pending' RETURNING credits`,
      [versionId],
    )) as [{ credits: number }[], number];
    return rows[0]?.credits ?? null;
  }

  async restore(m: EntityManager, descriptionId: string, versionId: string): Promise<boolean> {
    const [rows] = (await m.query(
      `UPDATE descriptions d SET current_version_id = v.id, facts = v.facts, updated_at = now()
         FROM description_versions v
        WHERE d.id = $1 AND v.id = $2 AND v.description_id = d.id AND v.state = 'ready'
        RETURNING d.id`,
      [descriptionId, versionId],
    )) as [unknown[], number];
    return rows.length > 0;
  }

  /** The project's descriptions with their versions, newest version first. */
  async forProject(projectId: string, descriptionId?: string): Promise<Description[]> {
    const descriptions = (await this.dataSource.query(
      `SELECT * FROM descriptions WHERE project_id = $1 AND ($2::uuid IS NULL OR id = $2) ORDER BY created_at, language`,
      [projectId, descriptionId ?? null],
    )) as DescriptionRow[];
    if (!descriptions.length) return [];
    const versions = (await this.dataSource.query(
      `SELECT * FROM description_versions WHERE description_id = ANY($1::uuid[]) ORDER BY number DESC`,
      [descriptions.map((d) => d.id)],
    )) as VersionRow[];
    return descriptions.map((d) => {
      const own = versions.filter((v) => v.description_id === d.id);
      const used = countedRegenerations(own);
      return {
        id: d.id,
        projectId: d.project_id,
        language: d.language,
        facts: d.facts,
        currentVersionId: d.current_version_id,
        regenerationsUsed: used,
        freeRegenerationsLeft: Math.max(0, LIMITS.descriptionFreeRegenerations - used),
        versions: own.map(toVersion),
        createdAt: d.created_at.toISOString(),
        updatedAt: d.updated_at.toISOString(),
      };
    });
  }
}
