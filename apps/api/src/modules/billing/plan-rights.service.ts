import { Injectable } from '@nestjs/common';
import type { PlanCode, PlanRights as Rights, UserPlanRights } from '@estancia/contracts';
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

interface PlanRightsRow {
  code: PlanCode;
  watermark: boolean;
  extra_edit_options: boolean;
  unlimited_editing: boolean;
  all_rooms_and_styles: boolean;
  descriptions_per_month: number | null;
  api_access: boolean;
  custom_limits: boolean;
}

export const toPlanRights = (row: PlanRightsRow): Rights => ({
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
    const runner = manager ?? this.dataSource.manager;
    // No filter on plans.active: a plan withdrawn from sale still serves its current subscribers.
    const [row] = (await runner.query(
      `SELECT p.code, p.watermark, p.extra_edit_options, p.unlimited_editing, p.all_rooms_and_styles,
              p.descriptions_per_month, p.api_access, p.custom_limits
         FROM active_subscriptions s
         JOIN plans p ON p.code = s.plan_code
        WHERE s.user_id = $1`,
      [userId],
    )) as PlanRightsRow[];
    return row ? { planCode: row.code, ...toPlanRights(row) } : NO_PLAN_RIGHTS;
  }
}
