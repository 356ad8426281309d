import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ReviewState } from '@estancia/contracts';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { OnJob } from '../../infra/queue/on-job.decorator';
import { ReviewClock } from './review-clock';
import { recordEvent } from './review-events';
import { ReviewMail } from './review-mail.service';

const SWEEP_MS = 60_000;

type Warning = 'at_risk' | 'overdue';

/**
 * The `decoration.sla` sweep, every minute: warns admins once when an open review becomes at risk
 * and once when it becomes overdue, and returns claims left untouched to the queue. Each step is a
 * conditional UPDATE, so two sweeps at once warn and expire once.
 */
@Injectable()
export class ReviewSweep implements OnApplicationBootstrap {
  private readonly logger = new Logger('ReviewSweep');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: ReviewClock,
    private readonly mail: ReviewMail,
    private readonly jobs: JobQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.ROLE === 'api') return;
    // Upserted by every worker at boot: one schedule however many start.
    await this.jobs.every('decoration.sla', {}, SWEEP_MS);
  }

  @OnJob('decoration.sla')
  async run(): Promise<void> {
    const done = await this.sweep();
    if (done.atRisk || done.overdue || done.expired)
      this.logger.log(`${done.atRisk} at risk, ${done.overdue} overdue, ${done.expired} claim(s) expired`);
  }

  /** `now` is a parameter so tests can move the clock; the job uses the real one. */
  async sweep(now = new Date()): Promise<{ atRisk: number; overdue: number; expired: number }> {
    const warned = await this.warn(now);
    const expired = await this.expireClaims(now);
    return { ...warned, expired };
  }

  private async warn(now: Date): Promise<{ atRisk: number; overdue: number }> {
    const open = (await this.dataSource.query(
      `SELECT r.id, r.state, r.deadline_at, r.at_risk_warned_at IS NOT NULL AS at_risk_warned,
              r.overdue_warned_at IS NOT NULL AS overdue_warned
         FROM reviews r JOIN decorations d ON d.id = r.decoration_id
        WHERE r.state <> 'delivered' AND d.state <> 'failed' AND r.overdue_warned_at IS NULL`,
    )) as { id: string; state: ReviewState; deadline_at: Date; at_risk_warned: boolean }[];
    const done = { atRisk: 0, overdue: 0 };
    if (!open.length) return done;
    const calendar = await this.clock.calendar(this.dataSource);
    for (const review of open) {
      const { sla } = this.clock.standing(
        { state: review.state, deadlineAt: review.deadline_at, deliveredAt: null },
        now,
        calendar,
      );
      // A review that went straight to overdue (the sweep was down) gets only the overdue warning.
      const level: Warning | null =
        sla === 'overdue' ? 'overdue' : sla === 'at_risk' && !review.at_risk_warned ? 'at_risk' : null;
      if (level && (await this.raise(review.id, level, now)))
        done[level === 'overdue' ? 'overdue' : 'atRisk']++;
    }
    return done;
  }

  /** Marks the warning sent; only the one sweep whose UPDATE matched records it and sends the e-mails. */
  private async raise(reviewId: string, level: Warning, now: Date): Promise<boolean> {
    // Overdue also settles the at-risk warning, so a late sweep never sends it afterwards.
    const [column, set] =
      level === 'overdue'
        ? ['overdue_warned_at', 'overdue_warned_at = $2, at_risk_warned_at = COALESCE(at_risk_warned_at, $2)']
        : ['at_risk_warned_at', 'at_risk_warned_at = $2'];
    const raised = await this.dataSource.transaction(async (m) => {
      const [rows] = (await m.query(
        `UPDATE reviews SET ${set} WHERE id = $1 AND ${column} IS NULL AND state <> 'delivered' RETURNING id`,
        [reviewId, now],
      )) as [{ id: string }[], number];
      if (rows.length) await recordEvent(m, reviewId, level, null);
      return rows.length > 0;
    });
    if (raised) await this.mail.warnAdmins(reviewId, level);
    return raised;
  }

  /** Claims untouched for REVIEW_CLAIM_MINUTES go back to the queue, recorded against their holder. */
  private async expireClaims(now: Date): Promise<number> {
    const stale = new Date(now.getTime() - this.config.REVIEW_CLAIM_MINUTES * 60_000);
    return this.dataSource.transaction(async (m) => {
      // SKIP LOCKED: a claim in use right now (an edit being saved) is not taken from under it.
      const [rows] = (await m.query(
        `WITH stale AS (
           SELECT id, claimed_by FROM reviews WHERE state = 'claimed' AND touched_at < $1 FOR UPDATE SKIP LOCKED)
         UPDATE reviews r SET state = 'queued', claimed_by = NULL, claimed_at = NULL, touched_at = NULL,
           updated_at = now()
         FROM stale WHERE r.id = stale.id RETURNING r.id, stale.claimed_by AS "formerHolder"`,
        [stale],
      )) as [{ id: string; formerHolder: string }[], number];
      for (const row of rows) await recordEvent(m, row.id, 'claim_expired', row.formerHolder);
      return rows.length;
    });
  }
}
