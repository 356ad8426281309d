import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent, WebhookPayload } from '@estancia/contracts';
import type { DataSource } from 'typeorm';

/** A delivery claimed for one attempt: what to send and where. */
export interface ClaimedDelivery {
  id: string;
  event: WebhookEvent;
  payload: WebhookPayload;
  /** Attempts made so far, this one included. */
  attempts: number;
  url: string;
  secret: string;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const ENDPOINT_COLUMNS = `id, url, events, ${iso('created_at')} AS "createdAt"`;
const DELIVERY_COLUMNS = `d.id, d.endpoint_id AS "endpointId", d.event_id AS "eventId", d.event, d.state,
  d.attempts, d.last_status AS "lastStatus", d.last_response AS "lastResponse",
  ${iso('d.created_at')} AS "createdAt", ${iso('d.next_attempt_at')} AS "nextAttemptAt",
  ${iso('d.delivered_at')} AS "deliveredAt"`;

/**
 * SQL of webhooks. A pending delivery's `next_attempt_at` is when it is due; while an attempt is in
 * flight it is pushed to the end of a lease, so a duplicate job finds nothing due and a crashed attempt
 * becomes due again once its lease is over.
 */
@Injectable()
export class WebhooksRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async endpoints(userId: string): Promise<WebhookEndpoint[]> {
    return (await this.dataSource.query(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints
        WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC, id`,
      [userId],
    )) as WebhookEndpoint[];
  }

  async latestDeliveries(userId: string, limit: number): Promise<WebhookDelivery[]> {
    return (await this.dataSource.query(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE e.user_id = $1 AND e.deleted_at IS NULL ORDER BY d.created_at DESC, d.id LIMIT $2`,
      [userId, limit],
    )) as WebhookDelivery[];
  }

  async insertEndpoint(
    userId: string,
    url: string,
    events: readonly WebhookEvent[],
    secret: string,
  ): Promise<WebhookEndpoint> {
    const [row] = (await this.dataSource.query(
      `INSERT INTO webhook_endpoints (user_id, url, events, secret) VALUES ($1, $2, $3, $4)
       RETURNING ${ENDPOINT_COLUMNS}`,
      [userId, url, events, secret],
    )) as WebhookEndpoint[];
    return row;
  }

  /** Deletes one of the user's endpoints and stops its pending deliveries; false when the user has no such endpoint. */
  async deleteEndpoint(userId: string, endpointId: string): Promise<boolean> {
    const [row] = (await this.dataSource.query(
      `WITH gone AS (
         UPDATE webhook_endpoints SET deleted_at = now()
          WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING id
       ), stopped AS (
         UPDATE webhook_deliveries SET state = 'failed', next_attempt_at = NULL
          WHERE endpoint_id IN (SELECT id FROM gone) AND state = 'pending'
       )
       SELECT count(*)::int AS deleted FROM gone`,
      [endpointId, userId],
    )) as { deleted: number }[];
    return row.deleted > 0;
  }

  /** One delivery per live endpoint of the user subscribed to the event, all due now, in one statement. */
  async insertDeliveries(
    userId: string,
    payload: WebhookPayload,
  ): Promise<{ id: string; nextAttemptAt: Date }[]> {
    return (await this.dataSource.query(
      `INSERT INTO webhook_deliveries (endpoint_id, event_id, event, payload, next_attempt_at)
       SELECT id, $2, $3, $4, now() FROM webhook_endpoints
        WHERE user_id = $1 AND deleted_at IS NULL AND $3 = ANY(events)
       ON CONFLICT (endpoint_id, event_id) DO NOTHING
       RETURNING id, next_attempt_at AS "nextAttemptAt"`,
      [userId, payload.id, payload.type, JSON.stringify(payload)],
    )) as { id: string; nextAttemptAt: Date }[];
  }

  /**
   * Takes a due delivery for one attempt (counted at once: it may reach the receiver even if we crash);
   * null when it is not due, no longer pending, or its endpoint was deleted. `slackMs` tolerates a job
   * that fires a moment early by another clock.
   */
  async claim(deliveryId: string, leaseMs: number, slackMs: number): Promise<ClaimedDelivery | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE webhook_deliveries d
          SET attempts = d.attempts + 1, next_attempt_at = now() + $2 * interval '1 millisecond'
         FROM webhook_endpoints e
        WHERE d.id = $1 AND e.id = d.endpoint_id AND e.deleted_at IS NULL AND d.state = 'pending'
          AND d.next_attempt_at <= now() + $3 * interval '1 millisecond'
       RETURNING d.id, d.event, d.payload, d.attempts, e.url, e.secret`,
      [deliveryId, leaseMs, slackMs],
    )) as [ClaimedDelivery[], number];
    return rows[0] ?? null;
  }

  /** When a pending delivery that could not be claimed is due next (null: nothing left to do). */
  async dueLater(deliveryId: string): Promise<Date | null> {
    const [row] = (await this.dataSource.query(
      `SELECT d.next_attempt_at AS due FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.id = $1 AND d.state = 'pending' AND e.deleted_at IS NULL AND d.next_attempt_at IS NOT NULL`,
      [deliveryId],
    )) as { due: Date }[];
    return row?.due ?? null;
  }

  async recordDelivered(deliveryId: string, status: number, response: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries SET state = 'delivered', delivered_at = now(), next_attempt_at = NULL,
         last_status = $2, last_response = $3
        WHERE id = $1`,
      [deliveryId, status, response],
    );
  }

  /**
   * Records a failed attempt: due again after `retryMs`, or failed for good when that would fall past
   * `windowHours` after the event. Answers when it is due again (null: failed).
   */
  async recordFailure(
    deliveryId: string,
    status: number | null,
    response: string,
    retryMs: number,
    windowHours: number,
  ): Promise<Date | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE webhook_deliveries d SET last_status = $2, last_response = $3,
         next_attempt_at = CASE WHEN retry.at <= d.created_at + $5 * interval '1 hour' THEN retry.at END,
         state = CASE WHEN retry.at <= d.created_at + $5 * interval '1 hour' THEN 'pending' ELSE 'failed' END
         FROM (SELECT now() + $4 * interval '1 millisecond' AS at) retry
        WHERE d.id = $1 AND d.state = 'pending'
       RETURNING d.next_attempt_at AS "nextAttemptAt"`,
      [deliveryId, status, response, retryMs, windowHours],
    )) as [{ nextAttemptAt: Date | null }[], number];
    return rows[0]?.nextAttemptAt ?? null;
  }

  /** Makes one of the user's deliveries due now (whatever its state); null when the user has no such delivery. */
  async resend(userId: string, deliveryId: string): Promise<(WebhookDelivery & { due: Date }) | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE webhook_deliveries d SET state = 'pending', next_attempt_at = now()
         FROM webhook_endpoints e
        WHERE d.id = $1 AND e.id = d.endpoint_id AND e.user_id = $2 AND e.deleted_at IS NULL
       RETURNING ${DELIVERY_COLUMNS}, d.next_attempt_at AS due`,
      [deliveryId, userId],
    )) as [(WebhookDelivery & { due: Date })[], number];
    return rows[0] ?? null;
  }

  /** Every pending delivery and when it is due, to schedule again at a worker's start. */
  async pending(): Promise<{ id: string; due: Date }[]> {
    return (await this.dataSource.query(
      `SELECT d.id, d.next_attempt_at AS due FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.state = 'pending' AND d.next_attempt_at IS NOT NULL AND e.deleted_at IS NULL`,
    )) as { id: string; due: Date }[];
  }
}
