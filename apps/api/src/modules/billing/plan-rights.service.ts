import { Injectable } from '@nestjs/common';
import { LIMITS, type PlanCode, type PlanRights as Rights, type UserPlanRights } from '@estancia/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** What a user without an active subscription gets: the watermark and nothing extra. */
export const NO_PLAN_RIGHTS: UserPlanRights = {
  planCode: null,
  watermark: true,
  extraEditOptions: false,
  unlimitedEditing: false,
  allRoomsAndStyles: false,
  descriptionsPerMonth: 0,
  apiAccess: false,
  customLimits: false,
};

/**
 * Most decorations one order may hold unless the plan has custom limits: a project takes 5 photos (spec
 * section 5), so an order of the standard limit decorates a whole project at once.
 */
export const STANDARD_DECORATIONS_PER_ORDER = LIMITS.maxPhotosPerProject;

/** The rights an order is checked against: the plan's rights and its per-order limit, already decided. */
export interface OrderRights extends UserPlanRights {
  decorationsPerOrder: number;
}

interface PlanRightsRow {
  code: PlanCode;
  watermark: boolean;
  extra_edit_options: boolean;
  unlimited_editing: boolean;
  all_rooms_and_styles: boolean;
  descriptions_per_month: number | null;
  api_access: boolean;
  custom_limits: boolean;
  decorations_per_order: number | null;
}

export const toPlanRights = (row: Omit<PlanRightsRow, 'decorations_per_order'>): Rights => ({
  watermark: row.watermark,
  extraEditOptions: row.extra_edit_options,
  unlimitedEditing: row.unlimited_editing,
  allRoomsAndStyles: row.all_rooms_and_styles,
  descriptionsPerMonth: row.descriptions_per_month,
  apiAccess: row.api_access,
  customLimits: row.custom_limits,
});

/**
 * THE one place plan rights are decided: from the data of the plan of the user's active
 * subscription (VIEW active_subscriptions, the definition the user payload reads too), never from
 * the plan's name.
 */
@Injectable()
export class PlanRights {
  constructor(private readonly dataSource: DataSource) {}

  /** Pass `manager` to read inside your own transaction. */
  async forUser(userId: string, manager?: EntityManager): Promise<UserPlanRights> {
    const row = await this.read(userId, manager);
    return row ? { planCode: row.code, ...toPlanRights(row) } : NO_PLAN_RIGHTS;
  }

  /**
   * The rights plus the per-order decoration limit: the plan's own `decorations_per_order` when it has
   * custom limits and sets one, else the standard limit (a plan without custom limits never reads it).
   */
  async forOrder(userId: string, manager?: EntityManager): Promise<OrderRights> {
    const row = await this.read(userId, manager);
    if (!row) return { ...NO_PLAN_RIGHTS, decorationsPerOrder: STANDARD_DECORATIONS_PER_ORDER };
    const custom = row.custom_limits ? row.decorations_per_order : null;
    return {
      planCode: row.code,
      ...toPlanRights(row),
      decorationsPerOrder: custom ?? STANDARD_DECORATIONS_PER_ORDER,
    };
  }

  private async read(userId: string, manager?: EntityManager): Promise<PlanRightsRow | undefined> {
    const runner = manager ?? this.dataSource.manager;
    // No filter on plans.active: a plan withdrawn from sale still serves its current subscribers.
    const [row] = (await runner.query(
      `SELECT p.code, p.watermark, p.extra_edit_options, p.unlimited_editing, p.all_rooms_and_styles,
              p.descriptions_per_month, p.api_access, p.custom_limits, p.decorations_per_order
         FROM active_subscriptions s
         JOIN plans p ON p.code = s.plan_code
        WHERE s.user_id = $1`,
      [userId],
    )) as PlanRightsRow[];
    return row;
  }
}
