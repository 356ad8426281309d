import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A claim on an open session while its outcome is settled; `until` identifies it when it is cleared. */
export interface SettlingLease {
  until: Date;
}

/**
 * Checkout sessions' settling lease (checkout_sessions.settling_until): a pay or decline claims the
 * session for a while with one conditional UPDATE, so nothing holds a pool connection while it settles.
 */
@Injectable()
export class CheckoutRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Claims an open, unexpired session of the user's for `seconds`; null when it is not open or another
   * click holds an unexpired claim. A claim left by a process that died lapses on its own.
   */
  async claimSettling(
    sessionId: string,
    userId: string,
    gateway: string,
    seconds: number,
  ): Promise<SettlingLease | null> {
    // In a CTE: TypeORM answers a bare UPDATE ... RETURNING as [rows, count]. Milliseconds, so the
    // JavaScript Date handed back to releaseSettling matches the stored value exactly.
    const [row] = (await this.dataSource.query(
      `WITH claimed AS (
         UPDATE checkout_sessions
            SET settling_until = date_trunc('milliseconds', now() + make_interval(secs => $4))
          WHERE id = $1 AND user_id = $2 AND gateway = $3 AND state = 'open' AND expires_at > now()
            AND (settling_until IS NULL OR settling_until < now())
          RETURNING settling_until
       ) SELECT settling_until FROM claimed`,
      [sessionId, userId, gateway, seconds],
    )) as { settling_until: Date }[];
    return row ? { until: row.settling_until } : null;
  }

  /** Clears this claim (not a later one taken after it lapsed). */
  async releaseSettling(sessionId: string, lease: SettlingLease): Promise<void> {
    await this.dataSource.query(
      `UPDATE checkout_sessions SET settling_until = NULL WHERE id = $1 AND settling_until = $2`,
      [sessionId, lease.until],
    );
  }
}
