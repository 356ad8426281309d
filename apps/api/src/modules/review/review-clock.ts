import { Inject, Injectable } from '@nestjs/common';
import {
  REVIEW_AT_RISK_FRACTION,
  REVIEW_SLA_WORKING_HOURS,
  type ReviewSlaState,
  type ReviewState,
} from '@estancia/contracts';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import type { Sql } from './review-events';
import { addWorkingHours, workingMsBetween, type WorkingCalendar } from './working-hours';

const HOUR_MS = 3_600_000;
export const AT_RISK_MS = REVIEW_SLA_WORKING_HOURS * REVIEW_AT_RISK_FRACTION * HOUR_MS;

export interface Standing {
  sla: ReviewSlaState;
  /** Working ms left until the deadline; null once delivered. */
  workingMsLeft: number | null;
}

/** The review's deadline and where a review stands against it, counted in working hours. */
@Injectable()
export class ReviewClock {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get timeZone(): string {
    return this.config.BUSINESS_TIME_ZONE;
  }

  /** The business time zone and every holiday in the table (a few a year, so all of them). */
  async calendar(sql: Sql): Promise<WorkingCalendar> {
    const rows = (await sql.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM holidays`)) as {
      day: string;
    }[];
    return { timeZone: this.timeZone, holidays: new Set(rows.map((r) => r.day)) };
  }

  deadline(orderedAt: Date, calendar: WorkingCalendar): Date {
    return addWorkingHours(orderedAt, REVIEW_SLA_WORKING_HOURS, calendar);
  }

  /**
   * Overdue once the deadline has passed (a deadline that ends a working day is passed on the
   * weekend too, although no working time goes by); at risk in the last quarter of the allowance.
   */
  standing(
    review: { state: ReviewState; deadlineAt: Date; deliveredAt: Date | null },
    now: Date,
    calendar: WorkingCalendar,
  ): Standing {
    if (review.state === 'delivered')
      return {
        sla: review.deliveredAt && review.deliveredAt <= review.deadlineAt ? 'met' : 'missed',
        workingMsLeft: null,
      };
    const workingMsLeft = workingMsBetween(now, review.deadlineAt, calendar);
    if (now > review.deadlineAt) return { sla: 'overdue', workingMsLeft };
    return { sla: workingMsLeft <= AT_RISK_MS ? 'at_risk' : 'on_time', workingMsLeft };
  }

  workingHours(from: Date, to: Date, calendar: WorkingCalendar): number {
    return workingMsBetween(from, to, calendar) / HOUR_MS;
  }
}
