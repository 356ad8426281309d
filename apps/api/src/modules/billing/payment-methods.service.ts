import type { RequestOrigin } from './browser-origin';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type CheckoutResponse, type PaymentMethodResponse } from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { BillingCustomers } from './billing-customers';
import { CheckoutService } from './checkout.service';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.port';
import { PaymentsService } from './payments.service';

export interface StoredPaymentMethod {
  method_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** The saved card that extra decorations are charged to: show it, replace it, remove it. */
@Injectable()
export class PaymentMethodsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly checkout: CheckoutService,
    private readonly customers: BillingCustomers,
    private readonly payments: PaymentsService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  /** The user's card at the configured gateway (a card saved with another gateway cannot be charged). */
  async find(userId: string): Promise<StoredPaymentMethod | null> {
    const [row] = (await this.dataSource.query(
      `SELECT method_ref, brand, last4, exp_month, exp_year FROM payment_methods WHERE user_id = $1 AND gateway = $2`,
      [userId, this.gateway.name],
    )) as StoredPaymentMethod[];
    return row ?? null;
  }

  async show(userId: string): Promise<PaymentMethodResponse> {
    const row = await this.find(userId);
    return {
      paymentMethod: row
        ? { brand: row.brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year }
        : null,
    };
  }

  /** A card-setup checkout: nothing is charged; the card it saves replaces the current one. */
  setup(userId: string, from: RequestOrigin = {}): Promise<CheckoutResponse> {
    return this.checkout.openHosted(
      userId,
      {
        draft: { kind: 'card_setup', credits: 0, amountCents: 0 },
        mode: { kind: 'setup' },
        lines: [],
        cancelPath: '/account?paymentMethod=cancel',
      },
      from,
    );
  }

  /** Detaches the card at the gateway first, so a card we no longer show can no longer be charged. */
  async remove(userId: string): Promise<void> {
    const card = await this.find(userId);
    const customerRef = await this.customers.find(userId);
    if (!card || !customerRef) throw new AppError(ErrorCode.NOT_FOUND);
    await this.payments.handleAll(await this.gateway.detachCard({ customerRef, methodRef: card.method_ref }));
    await this.dataSource.query(`DELETE FROM payment_methods WHERE user_id = $1 AND method_ref = $2`, [
      userId,
      card.method_ref,
    ]);
  }
}
