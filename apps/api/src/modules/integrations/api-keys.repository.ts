import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ApiKey } from '@estancia/contracts';
import type { DataSource } from 'typeorm';

/** A live key as the guard needs it: whose it is, and the hash its secret must match. */
export interface StoredKey {
  id: string;
  userId: string;
  role: string;
  secretHash: string;
  lastUsedAt: Date | null;
  /** The owner's account is blocked by staff: the key stays but is refused while it lasts. */
  blocked: boolean;
}

const KEY_COLUMNS = `id, name, 'est_' || prefix AS prefix,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  to_char(last_used_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastUsedAt"`;

/** SQL of API keys. Revoked keys stay as rows (an audit of what existed) but never authenticate. */
@Injectable()
export class ApiKeysRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(userId: string): Promise<ApiKey[]> {
    return (await this.dataSource.query(
      `SELECT ${KEY_COLUMNS} FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC`,
      [userId],
    )) as ApiKey[];
  }

  async insert(userId: string, name: string, prefix: string, secretHash: string): Promise<ApiKey> {
    const [row] = (await this.dataSource.query(
      `INSERT INTO api_keys (user_id, name, prefix, secret_hash) VALUES ($1, $2, $3, $4) RETURNING ${KEY_COLUMNS}`,
      [userId, name, prefix, secretHash],
    )) as ApiKey[];
    return row;
  }

  /** Revokes one of the user's live keys; answers its name, or null when the user has no such key. */
  async revoke(userId: string, keyId: string): Promise<string | null> {
    // An UPDATE … RETURNING answers [rows, count] through TypeORM's postgres driver.
    const [rows] = (await this.dataSource.query(
      `UPDATE api_keys SET revoked_at = now()
        WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING name`,
      [keyId, userId],
    )) as [{ name: string }[], number];
    return rows[0]?.name ?? null;
  }

  async findLive(prefix: string): Promise<StoredKey | null> {
    const [row] = (await this.dataSource.query(
      `SELECT k.id, k.user_id AS "userId", u.role, k.secret_hash AS "secretHash", k.last_used_at AS "lastUsedAt",
              u.blocked_at IS NOT NULL AS blocked
         FROM api_keys k JOIN users u ON u.id = k.user_id
        WHERE k.prefix = $1 AND k.revoked_at IS NULL`,
      [prefix],
    )) as StoredKey[];
    return row ?? null;
  }

  async touch(keyId: string): Promise<void> {
    await this.dataSource.query(`UPDATE api_keys SET last_used_at = now() WHERE id = $1`, [keyId]);
  }
}
