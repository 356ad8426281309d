import { Inject, Injectable } from '@nestjs/common';
import { COSTS, ErrorCode, type CheckoutSession, type ExtraDecorationsRequest } from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { BillingCustomers } from './billing-customers';
import { CheckoutService } from './checkout.service';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.port';
import { PaymentMethodsService } from './payment-methods.service';
import { PaymentsService } from './payments.service';

/**
 * Decorations past a plan's included amount, charged to the saved card once the user consented.
 * The charge is a session like any other, confirmed through the same event path.
 */
@Injectable()
export class ExtraDecorationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly checkout: CheckoutService,
    private readonly methods: PaymentMethodsService,
    private readonly customers: BillingCustomers,
    private readonly payments: PaymentsService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  /**
   * Charges `quantity` decorations. PAYMENT_DECLINED (nothing moved) when the card is refused; a
   * gateway that confirms by webhook leaves the session open, and it is answered as it stands.
   */
  async buy(userId: string, request: ExtraDecorationsRequest): Promise<CheckoutSession> {
    const [subscribed] = (await this.dataSource.query(
      `SELECT 1 FROM active_subscriptions WHERE user_id = $1`,
      [userId],
    )) as unknown[];
    if (!subscribed) throw new AppError(ErrorCode.NO_ACTIVE_SUBSCRIPTION);
    const card = await this.methods.find(userId);
    if (!card) throw new AppError(ErrorCode.PAYMENT_METHOD_REQUIRED);
    const customerRef = await this.customers.ensure(userId);
    const amountCents = request.quantity * COSTS.extraDecorationCents;
    const session = await this.checkout.record(userId, {
      kind: 'extra_decorations',
      quantity: request.quantity,
      credits: request.quantity,
      amountCents,
    });
    const events = await this.gateway.chargeSavedCard({
      sessionId: session.id,
      customerRef,
      methodRef: card.method_ref,
      amountCents,
      description: `${request.quantity} extra decoration(s)`,
    });
    await this.payments.handleAll(events);
    const outcome = await this.checkout.show(userId, session.id);
    if (outcome.state === 'declined') throw new AppError(ErrorCode.PAYMENT_DECLINED);
    return outcome;
  }
}
