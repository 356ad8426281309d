import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export interface StoredRequest {
  fingerprint: string;
  /** Null while the first request with this key is still running. */
  status: number | null;
  response: unknown;
}

/** SQL of Idempotency-Key replay: one row per user and key, answered for 24 hours. */
@Injectable()
export class IdempotencyRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Takes the key for this request; false when another request holds it (running or answered). */
  async claim(userId: string, key: string, fingerprint: string): Promise<boolean> {
    // An answer older than 24 hours is forgotten: the key may start over.
    await this.dataSource.query(
      `DELETE FROM idempotent_requests WHERE user_id = $1 AND created_at < now() - interval '24 hours'`,
      [userId],
    );
    const rows = (await this.dataSource.query(
      `INSERT INTO idempotent_requests (user_id, key, fingerprint) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING key`,
      [userId, key, fingerprint],
    )) as unknown[];
    return rows.length === 1;
  }

  async find(userId: string, key: string): Promise<StoredRequest | null> {
    const [row] = (await this.dataSource.query(
      `SELECT fingerprint, status, response FROM idempotent_requests WHERE user_id = $1 AND key = $2`,
      [userId, key],
    )) as StoredRequest[];
    return row ?? null;
  }

  async answer(userId: string, key: string, status: number, response: unknown): Promise<void> {
    await this.dataSource.query(
      `UPDATE idempotent_requests SET status = $3, response = $4::jsonb, completed_at = now()
        WHERE user_id = $1 AND key = $2`,
      [userId, key, status, JSON.stringify(response ?? null)],
    );
  }

  /** The request did not run (its body was refused, Redis was down): the key is free again for a retry. */
  async release(userId: string, key: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM idempotent_requests WHERE user_id = $1 AND key = $2 AND status IS NULL`,
      [userId, key],
    );
  }
}
