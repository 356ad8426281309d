import { Injectable } from '@nestjs/common';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_PREFIX,
  ErrorCode,
  type ApiKeysResponse,
  type CreatedApiKey,
  type Role,
} from '@estancia/contracts';
import { AppError } from '../../infra/http/app-error';
import { PlanRights } from '../billing/plan-rights.service';
import { sha256 } from '../identity/secrets';
import { isUuid } from '../projects/projects.service';
import { ApiKeysRepository } from './api-keys.repository';

/** The caller a valid key stands for. */
export interface KeyHolder {
  keyId: string;
  userId: string;
  role: Role;
}

/** `est_<prefix>_<secret>`: the prefix finds the row, the whole string is what is hashed. */
const KEY_FORMAT = /^est_([a-z0-9]{8})_([A-Za-z0-9_-]{43})$/;
/** last_used_at is written at most this often per key, so a busy integration does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

const newPrefix = (): string =>
  Array.from(randomBytes(8), (byte) => 'abcdefghijklmnopqrstuvwxyz0123456789'[byte % 36]).join('');

/**
 * API keys of the integrator API. Only users whose plan has API access hold working keys: the right is
 * read on every call (PlanRights), so a downgrade, a cancellation reaching its period end or a revoked
 * key stops the key at once. The secret is shown once; only its SHA-256 is kept (it is 256 random bits,
 * so a fast hash is enough, unlike a password).
 */
@Injectable()
export class ApiKeys {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly rights: PlanRights,
  ) {}

  async list(userId: string): Promise<ApiKeysResponse> {
    const [{ apiAccess }, keys] = await Promise.all([this.rights.forUser(userId), this.keys.list(userId)]);
    return { apiAccess, keys };
  }

  async create(userId: string, name: string): Promise<CreatedApiKey> {
    await this.requireAccess(userId);
    const prefix = newPrefix();
    const secret = `${API_KEY_PREFIX}${prefix}_${randomBytes(32).toString('base64url')}`;
    const key = await this.keys.insert(userId, name, prefix, sha256(secret));
    return { ...key, secret };
  }

  /** A new secret under the same name; the old one stops working at once. */
  async rotate(userId: string, keyId: string): Promise<CreatedApiKey> {
    await this.requireAccess(userId);
    const name = isUuid(keyId) ? await this.keys.revoke(userId, keyId) : null;
    if (name === null) throw new AppError(ErrorCode.NOT_FOUND);
    return this.create(userId, name);
  }

  async revoke(userId: string, keyId: string): Promise<void> {
    if (!isUuid(keyId) || (await this.keys.revoke(userId, keyId)) === null)
      throw new AppError(ErrorCode.NOT_FOUND);
  }

  /**
   * Who a bearer secret stands for: API_KEY_INVALID for anything but a live key, ACCOUNT_BLOCKED (403) while
   * staff block its owner (told only to whoever holds the real secret), API_ACCESS_REQUIRED without the right.
   */
  async authenticate(secret: string): Promise<KeyHolder> {
    const match = KEY_FORMAT.exec(secret);
    const stored = match ? await this.keys.findLive(match[1]) : null;
    const given = Buffer.from(sha256(secret), 'hex');
    if (!stored || !timingSafeEqual(given, Buffer.from(stored.secretHash, 'hex')))
      throw new AppError(ErrorCode.API_KEY_INVALID);
    if (stored.blocked) throw new AppError(ErrorCode.ACCOUNT_BLOCKED);
    await this.requireAccess(stored.userId);
    if (!stored.lastUsedAt || Date.now() - stored.lastUsedAt.getTime() > TOUCH_EVERY_MS)
      await this.keys.touch(stored.id);
    return { keyId: stored.id, userId: stored.userId, role: stored.role as Role };
  }

  private async requireAccess(userId: string): Promise<void> {
    if (!(await this.rights.forUser(userId)).apiAccess) throw new AppError(ErrorCode.API_ACCESS_REQUIRED);
  }
}
