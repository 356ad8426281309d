import { Injectable } from '@nestjs/common';
import type { Locale, Role } from '@estancia/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface AccountRow {
  id: string;
  email: string;
  name: string;
  company: string;
  phone: string;
  language: Locale;
  role: Role;
  password_hash: string | null;
  google_sub: string | null;
  referral_code: string;
  referred_by_code: string | null;
  created_at: Date;
  verified_at: Date | null;
}

export interface ProjectRow {
  id: string;
  property_name: string;
  created_at: Date;
}

export interface PhotoRow {
  id: string;
  project_id: string;
  original_key: string;
  width: number;
  height: number;
  created_at: Date;
}

export interface DecorationRow {
  id: string;
  project_id: string;
  image_id: string;
  type: string;
  room_type: string;
  style: string;
  state: string;
  created_at: Date;
}

export interface DecorationVersionRow {
  id: string;
  decoration_id: string;
  number: number;
  room_type: string;
  style: string;
  result_key: string;
  created_at: Date;
}

export interface DescriptionRow {
  id: string;
  project_id: string;
  language: string;
  facts: unknown;
  current_version_id: string | null;
}

export interface DescriptionVersionRow {
  id: string;
  description_id: string;
  number: number;
  kind: string;
  text: string;
  created_at: Date;
}

/** Everything the export reads about one account besides its projects: rows as stored, dates as Date. */
export interface AccountRecordsExport {
  ledger: { delta: number; balance_after: number; reason: string; created_at: Date }[];
  balance: number;
  subscriptions: Record<string, unknown>[];
  payments: Record<string, unknown>[];
  paymentMethod: Record<string, unknown> | null;
  favourites: { product_id: string; created_at: Date }[];
  reformRequests: Record<string, unknown>[];
}

/** The SQL of the account module: one account's rows across the domains, read for export or erased. */
@Injectable()
export class AccountRecords {
  constructor(private readonly dataSource: DataSource) {}

  async account(
    userId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<AccountRow | null> {
    const [row] = (await manager.query(
      `SELECT u.id, u.email, u.name, u.company, u.phone, u.language, u.role, u.password_hash, u.google_sub,
              u.referral_code, r.referral_code AS referred_by_code, u.created_at, u.verified_at
         FROM users u LEFT JOIN users r ON r.id = u.referred_by_user_id
        WHERE u.id = $1`,
      [userId],
    )) as AccountRow[];
    return row ?? null;
  }

  /** Locks the account row for its erasure: concurrent writes naming it wait, then find it gone. */
  async lock(m: EntityManager, userId: string): Promise<boolean> {
    const rows = (await m.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [userId])) as unknown[];
    return rows.length > 0;
  }

  /** A subscription the gateway will charge again (not set to end at its period's end). */
  async hasRenewingSubscription(userId: string): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `SELECT 1 FROM subscriptions
        WHERE user_id = $1 AND status IN ('active', 'trialing', 'past_due') AND NOT cancel_at_period_end
        LIMIT 1`,
      [userId],
    )) as unknown[];
    return rows.length > 0;
  }

  async projectIds(m: EntityManager, userId: string): Promise<string[]> {
    const rows = (await m.query(`SELECT id FROM projects WHERE user_id = $1`, [userId])) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /**
   * Deletes the account's rows inside the caller's transaction. Most go with the users row (ON DELETE
   * CASCADE); payments and paid checkout sessions stay with user_id set to NULL (invoices are kept);
   * the credit ledger, append-only otherwise, lets this one account's entries go (see the
   * AccountErasure migration); e-mails to the address leave the outbox.
   */
  async erase(m: EntityManager, account: { id: string; email: string }): Promise<void> {
    await m.query(`SELECT set_config('estancia.erasing_user', $1, true)`, [account.id]);
    await m.query(
      `DELETE FROM credit_grants WHERE ledger_entry_id IN (SELECT id FROM ledger_entries WHERE user_id = $1)`,
      [account.id],
    );
    await m.query(`DELETE FROM ledger_entries WHERE user_id = $1`, [account.id]);
    await m.query(`DELETE FROM wallets WHERE user_id = $1`, [account.id]);
    // Unpaid checkouts record no sale; paid ones stay beside their payment.
    await m.query(
      `DELETE FROM checkout_sessions s
        WHERE s.user_id = $1 AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.session_id = s.id)`,
      [account.id],
    );
    await m.query(`DELETE FROM outbox WHERE lower("to") = lower($1)`, [account.email]);
    await m.query(`DELETE FROM users WHERE id = $1`, [account.id]);
  }

  // ---- the export ----

  async exportRecords(userId: string): Promise<AccountRecordsExport> {
    const q = <T>(sql: string) => this.dataSource.query(sql, [userId]) as Promise<T[]>;
    const [ledger, wallet, subscriptions, payments, methods, favourites, reformRequests] = await Promise.all([
      q<AccountRecordsExport['ledger'][number]>(
        `SELECT delta, balance_after, reason, created_at FROM ledger_entries WHERE user_id = $1 ORDER BY created_at`,
      ),
      q<{ balance: number }>(`SELECT balance FROM wallets WHERE user_id = $1`),
      q<Record<string, unknown>>(
        `SELECT plan_code, cycle, status, current_period_start, current_period_end, cancel_at_period_end, created_at
           FROM subscriptions WHERE user_id = $1 ORDER BY created_at`,
      ),
      q<Record<string, unknown>>(
        `SELECT invoice_number, kind, amount_cents, discount_cents, credits, plan_code, cycle, period_start,
                period_end, created_at
           FROM payments WHERE user_id = $1 ORDER BY created_at`,
      ),
      q<Record<string, unknown>>(
        `SELECT brand, last4, exp_month, exp_year, updated_at FROM payment_methods WHERE user_id = $1`,
      ),
      q<AccountRecordsExport['favourites'][number]>(
        `SELECT product_id, created_at FROM product_favourites WHERE user_id = $1 ORDER BY created_at`,
      ),
      q<Record<string, unknown>>(
        `SELECT project_id, decoration_id, what, area_square_meters, budget_range, contact_preference, phone,
                notes, status, created_at
           FROM reform_requests WHERE user_id = $1 ORDER BY created_at`,
      ),
    ]);
    return {
      ledger,
      balance: wallet[0]?.balance ?? 0,
      subscriptions,
      payments,
      paymentMethod: methods[0] ?? null,
      favourites,
      reformRequests,
    };
  }

  async projects(userId: string): Promise<{
    projects: ProjectRow[];
    photos: PhotoRow[];
    decorations: DecorationRow[];
    versions: DecorationVersionRow[];
    descriptions: DescriptionRow[];
    descriptionVersions: DescriptionVersionRow[];
  }> {
    const q = <T>(sql: string) => this.dataSource.query(sql, [userId]) as Promise<T[]>;
    const [projects, photos, decorations, versions, descriptions, descriptionVersions] = await Promise.all([
      q<ProjectRow>(
        `SELECT id, property_name, created_at FROM projects WHERE user_id = $1 ORDER BY created_at, id`,
      ),
      q<PhotoRow>(
        `SELECT id, project_id, original_key, width, height, created_at
           FROM project_images WHERE user_id = $1 ORDER BY created_at, id`,
      ),
      q<DecorationRow>(
        `SELECT id, project_id, image_id, type, room_type, style, state, created_at
           FROM decorations WHERE user_id = $1 ORDER BY created_at, id`,
      ),
      // Only results that exist: pending and failed versions have no file.
      q<DecorationVersionRow>(
        `SELECT v.id, v.decoration_id, v.number, v.room_type, v.style, v.result_key, v.created_at
           FROM decoration_versions v JOIN decorations d ON d.id = v.decoration_id
          WHERE d.user_id = $1 AND v.state = 'ready' AND v.result_key IS NOT NULL
          ORDER BY v.decoration_id, v.number`,
      ),
      q<DescriptionRow>(
        `SELECT id, project_id, language, facts, current_version_id
           FROM descriptions WHERE user_id = $1 ORDER BY created_at, language`,
      ),
      q<DescriptionVersionRow>(
        `SELECT id, description_id, number, kind, text, created_at
           FROM description_versions WHERE user_id = $1 AND state = 'ready' ORDER BY description_id, number`,
      ),
    ]);
    return { projects, photos, decorations, versions, descriptions, descriptionVersions };
  }
}
