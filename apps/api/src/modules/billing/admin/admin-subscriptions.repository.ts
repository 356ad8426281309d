import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AdminSubscription, BillingCycle, PlanCode } from '@estancia/contracts';
import type { DataSource } from 'typeorm';
import type { ListQuery } from '../../../infra/http/simple-rest';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const SUBSCRIPTION_SORTABLE = {
  createdAt: 's.created_at',
  currentPeriodEnd: 's.current_period_end',
} as const;
export type SubscriptionSortField = keyof typeof SUBSCRIPTION_SORTABLE;

interface SubscriptionRow {
  id: string;
  user_id: string;
  user_email: string;
  user_name: string;
  plan_code: PlanCode;
  cycle: BillingCycle;
  status: string;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  next_plan_code: PlanCode | null;
  gateway: string;
  created_at: Date;
}

const toSubscription = (row: SubscriptionRow): AdminSubscription => ({
  id: row.id,
  userId: row.user_id,
  userEmail: row.user_email,
  userName: row.user_name,
  planCode: row.plan_code,
  cycle: row.cycle,
  status: row.status,
  currentPeriodStart: row.current_period_start.toISOString(),
  currentPeriodEnd: row.current_period_end.toISOString(),
  cancelAtPeriodEnd: row.cancel_at_period_end,
  nextPlanCode: row.next_plan_code,
  gateway: row.gateway,
  createdAt: row.created_at.toISOString(),
});

const SELECT_SUBSCRIPTIONS = `
  SELECT s.id, s.user_id, u.email AS user_email, u.name AS user_name, s.plan_code, s.cycle, s.status,
         s.current_period_start, s.current_period_end, s.cancel_at_period_end, s.next_plan_code, s.gateway,
         s.created_at
    FROM subscriptions s JOIN users u ON u.id = s.user_id`;

/** SQL of the console's subscriptions (read only: they mirror the gateway). */
@Injectable()
export class AdminSubscriptionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Filters: userId, plan, status, gateway, id (one or many, getMany). */
  async list(list: ListQuery<SubscriptionSortField>): Promise<{ rows: AdminSubscription[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: (n: number) => string, value: unknown) => {
      params.push(value);
      where.push(sql(params.length));
    };
    const { userId, plan, status, gateway, id } = list.filter;
    if (userId !== undefined)
      add((n) => `s.user_id = $${n}::uuid`, typeof userId === 'string' && UUID.test(userId) ? userId : null);
    if (typeof plan === 'string') add((n) => `s.plan_code = $${n}`, plan);
    if (typeof status === 'string') add((n) => `s.status = $${n}`, status);
    if (typeof gateway === 'string') add((n) => `s.gateway = $${n}`, gateway);
    if (id !== undefined)
      add(
        (n) => `s.id = ANY($${n}::uuid[])`,
        [id].flat().filter((v): v is string => typeof v === 'string' && UUID.test(v)),
      );
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = list.sort.order;
    const [[{ total }], rows] = await Promise.all([
      this.dataSource.query(
        `SELECT count(*)::int AS total FROM subscriptions s ${whereSql}`,
        params,
      ) as Promise<{ total: number }[]>,
      this.dataSource.query(
        `${SELECT_SUBSCRIPTIONS} ${whereSql}
          ORDER BY ${SUBSCRIPTION_SORTABLE[list.sort.field]} ${order}, s.id ${order}
          OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
        [...params, list.skip, list.take],
      ) as Promise<SubscriptionRow[]>,
    ]);
    return { rows: rows.map(toSubscription), total };
  }

  async find(id: string): Promise<AdminSubscription | null> {
    if (!UUID.test(id)) return null;
    const [row] = (await this.dataSource.query(`${SELECT_SUBSCRIPTIONS} WHERE s.id = $1`, [
      id,
    ])) as SubscriptionRow[];
    return row ? toSubscription(row) : null;
  }
}
