import { Injectable } from '@nestjs/common';
import type { Locale, PlanCode, Role, User } from '@estancia/contracts';
import { DataSource, type EntityManager } from 'typeorm';

interface UserPayloadRow {
  id: string;
  name: string;
  email: string;
  created_at: Date;
  company: string;
  phone: string;
  referral_code: string;
  language: Locale;
  role: Role;
  has_password: boolean;
  credits: number;
  plan_code: PlanCode | null;
}

/**
 * Builds the user payload the apps receive (login, profile, UserConfirmation): the account, its
 * credits from the wallet and its subscription (VIEW active_subscriptions, as PlanRights reads it).
 */
@Injectable()
export class UserPayloadService {
  constructor(private readonly dataSource: DataSource) {}

  async load(userId: string, manager: EntityManager = this.dataSource.manager): Promise<User | null> {
    const [row] = (await manager.query(
      `SELECT u.id, u.name, u.email, u.created_at, u.company, u.phone, u.referral_code, u.language, u.role,
              u.password_hash IS NOT NULL AS has_password,
              COALESCE(w.balance, 0) AS credits,
              s.plan_code
         FROM users u
         LEFT JOIN wallets w ON w.user_id = u.id
         LEFT JOIN active_subscriptions s ON s.user_id = u.id
        WHERE u.id = $1`,
      [userId],
    )) as UserPayloadRow[];
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      createdAt: row.created_at.toISOString(),
      credits: row.credits,
      company: row.company,
      phone: row.phone,
      referralCode: row.referral_code,
      language: row.language,
      role: row.role,
      hasPassword: row.has_password,
      userSubscription: {
        isActive: row.plan_code !== null,
        subscription: row.plan_code ? { name: row.plan_code } : null,
      },
    };
  }

  /** For callers that know the account exists (it was just read or written). */
  async require(userId: string, manager?: EntityManager): Promise<User> {
    const user = await this.load(userId, manager);
    if (!user) throw new Error(`user ${userId} vanished`);
    return user;
  }
}
