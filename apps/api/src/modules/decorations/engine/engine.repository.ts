import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  EngineFailureReason,
  EngineName,
  EngineRouteUpdate,
  EngineSettings,
  EngineStats,
  EngineUse,
} from '@estancia/contracts';
import type { DataSource } from 'typeorm';
import { AuditLog, changedFields } from '../../audit/audit-log.service';

export interface StoredRoute extends EngineRouteUpdate {
  use: EngineUse;
  updatedAt: string;
  updatedBy: string | null;
}

export interface EngineAttempt {
  engine: EngineName;
  model: string | null;
  use: EngineUse;
  ok: boolean;
  reason: EngineFailureReason | null;
  durationMs: number;
  costCents: number;
  credits: number;
}

/** The SQL of engine control: routes per use, their change history, and one row per engine attempt. */
@Injectable()
export class EngineRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly auditLog: AuditLog,
  ) {}

  async route(use: EngineUse): Promise<StoredRoute | null> {
    const [row] = (await this.dataSource.query(`${ROUTE_SELECT} WHERE use = $1`, [use])) as StoredRoute[];
    return row ?? null;
  }

  routes(): Promise<StoredRoute[]> {
    return this.dataSource.query(ROUTE_SELECT) as Promise<StoredRoute[]>;
  }

  /** Writes the route and its change in one transaction; the row lock orders two admins saving at once. */
  async saveRoute(
    use: EngineUse,
    route: EngineRouteUpdate,
    before: EngineRouteUpdate,
    userId: string,
  ): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await m.query(
        `INSERT INTO engine_routes (use, engine, model, fallbacks, updated_at, updated_by)
         VALUES ($1, $2, $3, $4::jsonb, now(), $5)
         ON CONFLICT (use) DO UPDATE SET engine = EXCLUDED.engine, model = EXCLUDED.model,
           fallbacks = EXCLUDED.fallbacks, updated_at = now(), updated_by = EXCLUDED.updated_by`,
        [use, route.engine, route.model, JSON.stringify(route.fallbacks), userId],
      );
      await m.query(
        `INSERT INTO engine_route_changes (use, before, after, changed_by) VALUES ($1, $2::jsonb, $3::jsonb, $4)`,
        [use, JSON.stringify(before), JSON.stringify(route), userId],
      );
      // The console's audit log holds every staff action, this one too, besides the engines' own trail.
      await this.auditLog.record(m, {
        actorId: userId,
        action: 'engines.update',
        resource: 'engines',
        recordId: use,
        ...changedFields(before, route),
      });
    });
  }

  changes(limit = 50): Promise<EngineSettings['changes']> {
    return this.dataSource.query(
      `SELECT c.use, c.before, c.after, u.email AS "changedBy",
              to_char(c.changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "changedAt"
         FROM engine_route_changes c LEFT JOIN users u ON u.id = c.changed_by
        ORDER BY c.changed_at DESC, c.id DESC LIMIT $1`,
      [limit],
    ) as Promise<EngineSettings['changes']>;
  }

  async recordAttempt(attempt: EngineAttempt): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO engine_renders (engine, model, use, ok, reason, duration_ms, cost_cents, credits)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        attempt.engine,
        attempt.model,
        attempt.use,
        attempt.ok,
        attempt.reason,
        Math.round(attempt.durationMs),
        attempt.costCents,
        attempt.credits,
      ],
    );
  }

  /**
   * Per engine over the last `days`: renders, failures by reason, p50/p95 of successful renders, and per
   * delivered render the provider cost (failed attempts included: they are paid too) beside the revenue
   * of the credits spent, each credit valued at the mean price per credit of the packs on sale.
   */
  async stats(days: number): Promise<EngineStats['engines']> {
    const rows = (await this.dataSource.query(
      `WITH recent AS (SELECT * FROM engine_renders WHERE created_at > now() - make_interval(days => $1)),
            credit AS (SELECT sum(price_cents)::numeric / NULLIF(sum(credits), 0) AS cents
                         FROM packs WHERE active)
       SELECT r.engine,
              count(*)::int AS renders,
              count(*) FILTER (WHERE NOT r.ok)::int AS failures,
              coalesce((SELECT jsonb_object_agg(f.reason, f.n) FROM
                 (SELECT reason, count(*)::int AS n FROM recent
                   WHERE engine = r.engine AND NOT ok GROUP BY reason) f), '{}'::jsonb) AS "failuresByReason",
              percentile_cont(0.5) WITHIN GROUP (ORDER BY r.duration_ms) FILTER (WHERE r.ok) AS "p50Ms",
              percentile_cont(0.95) WITHIN GROUP (ORDER BY r.duration_ms) FILTER (WHERE r.ok) AS "p95Ms",
              sum(r.cost_cents) / NULLIF(count(*) FILTER (WHERE r.ok), 0) AS "costPerDecorationCents",
              (sum(r.credits) FILTER (WHERE r.ok)) * (SELECT cents FROM credit)
                / NULLIF(count(*) FILTER (WHERE r.ok), 0) AS "revenuePerDecorationCents"
         FROM recent r
        GROUP BY r.engine
        ORDER BY r.engine`,
      [days],
    )) as Record<string, unknown>[];
    const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
    return rows.map((row) => ({
      engine: row.engine as EngineName,
      renders: row.renders as number,
      failures: row.failures as number,
      failuresByReason: row.failuresByReason as Record<string, number>,
      p50Ms: number(row.p50Ms),
      p95Ms: number(row.p95Ms),
      costPerDecorationCents: number(row.costPerDecorationCents),
      revenuePerDecorationCents: number(row.revenuePerDecorationCents),
    }));
  }
}

const ROUTE_SELECT = `
  SELECT r.use, r.engine, r.model, r.fallbacks, u.email AS "updatedBy",
         to_char(r.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
    FROM engine_routes r LEFT JOIN users u ON u.id = r.updated_by`;
