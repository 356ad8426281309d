import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@estancia/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.port';

/** Each user's customer at the configured gateway: created on first use, then reused. */
@Injectable()
export class BillingCustomers {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  /** The user's customer ref at this gateway, creating the gateway customer the first time. */
  async ensure(userId: string): Promise<string> {
    const known = await this.find(userId);
    if (known) return known;
    const [user] = (await this.dataSource.query(`SELECT email, name FROM users WHERE id = $1`, [userId])) as {
      email: string;
      name: string;
    }[];
    if (!user) throw new AppError(ErrorCode.NOT_FOUND);
    const created = await this.gateway.createCustomer({ userId, email: user.email, name: user.name });
    // Racing first uses both create a gateway customer; the first row stored wins and is used by all.
    // A row left from another gateway (the configuration changed) is replaced.
    await this.dataSource.query(
      `INSERT INTO billing_customers (user_id, gateway, customer_ref) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET gateway = EXCLUDED.gateway, customer_ref = EXCLUDED.customer_ref,
                                           created_at = now()
        WHERE billing_customers.gateway <> EXCLUDED.gateway`,
      [userId, this.gateway.name, created],
    );
    const stored = await this.find(userId);
    if (!stored) throw new AppError(ErrorCode.INTERNAL);
    return stored;
  }

  /** The user's customer ref at this gateway, or null before their first checkout. */
  async find(userId: string, m: EntityManager = this.dataSource.manager): Promise<string | null> {
    const [row] = (await m.query(
      `SELECT customer_ref FROM billing_customers WHERE user_id = $1 AND gateway = $2`,
      [userId, this.gateway.name],
    )) as { customer_ref: string }[];
    return row?.customer_ref ?? null;
  }

  /** The user a gateway customer belongs to (events name customers, not users). */
  async userOf(m: EntityManager, gateway: string, customerRef: string): Promise<string | null> {
    const [row] = (await m.query(
      `SELECT user_id FROM billing_customers WHERE gateway = $1 AND customer_ref = $2`,
      [gateway, customerRef],
    )) as { user_id: string }[];
    return row?.user_id ?? null;
  }
}
