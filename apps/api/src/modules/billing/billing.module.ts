import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { ReferralModule } from '../referral/referral.module';
import { WalletModule } from '../wallet/wallet.module';
import { AdminCouponsController } from './admin/admin-coupons.controller';
import { AdminCouponsRepository } from './admin/admin-coupons.repository';
import { AdminCouponsService } from './admin/admin-coupons.service';
import { AdminOffersController } from './admin/admin-offers.controller';
import { AdminOffersRepository } from './admin/admin-offers.repository';
import { AdminOffersService } from './admin/admin-offers.service';
import { AdminPaymentsController } from './admin/admin-payments.controller';
import { AdminPaymentsRepository } from './admin/admin-payments.repository';
import { AdminPaymentsService } from './admin/admin-payments.service';
import { AdminSubscriptionsController } from './admin/admin-subscriptions.controller';
import { AdminSubscriptionsRepository } from './admin/admin-subscriptions.repository';
import { BillingCustomers } from './billing-customers';
import { BillingController } from './billing.controller';
import { CheckoutRepository } from './checkout.repository';
import { CouponsRepository } from './coupons.repository';
import { CouponsService } from './coupons.service';
import { ExtraDecorationsService } from './extra-decorations.service';
import { PaymentMethodsService } from './payment-methods.service';
import { CatalogueService } from './catalogue.service';
import { CheckoutEvents } from './checkout-events';
import { CheckoutService } from './checkout.service';
import { GatewayPricesRepository } from './gateway-prices.repository';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.port';
import { PaymentHistoryController } from './payment-history.controller';
import { PaymentHistoryService } from './payment-history.service';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { PlanRights } from './plan-rights.service';
import { SandboxGateway } from './sandbox-gateway';
import { SandboxSubscriptions } from './sandbox-subscriptions';
import { StripeGateway } from './stripe/stripe-gateway';
import { SubscriptionEvents } from './subscription-events';
import { SubscriptionRenewals } from './subscription-renewals';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsService } from './subscriptions.service';

/**
 * Plans, packs and coupons, PlanRights (the one place a plan's rights are decided), checkout,
 * subscriptions and saved cards through the configured PaymentGateway: Stripe when a key is set,
 * else the sandbox gateway.
 */
@Module({
  imports: [WalletModule, ReferralModule],
  controllers: [
    BillingController,
    PaymentsController,
    PaymentHistoryController,
    SubscriptionsController,
    AdminOffersController,
    AdminCouponsController,
    AdminPaymentsController,
    AdminSubscriptionsController,
  ],
  providers: [
    CatalogueService,
    PlanRights,
    SandboxSubscriptions,
    {
      provide: PAYMENT_GATEWAY,
      inject: [APP_CONFIG, DataSource, SandboxSubscriptions],
      useFactory: (
        config: AppConfig,
        dataSource: DataSource,
        sandbox: SandboxSubscriptions,
      ): PaymentGateway =>
        config.STRIPE_SECRET_KEY
          ? new StripeGateway(config)
          : new SandboxGateway(config, dataSource, sandbox),
    },
    CheckoutEvents,
    SubscriptionEvents,
    SubscriptionsService,
    SubscriptionRenewals,
    PaymentsService,
    PaymentHistoryService,
    CheckoutService,
    CheckoutRepository,
    BillingCustomers,
    CouponsService,
    CouponsRepository,
    PaymentMethodsService,
    ExtraDecorationsService,
    GatewayPricesRepository,
    AdminOffersRepository,
    AdminOffersService,
    AdminCouponsRepository,
    AdminCouponsService,
    AdminPaymentsRepository,
    AdminPaymentsService,
    AdminSubscriptionsRepository,
  ],
  exports: [PlanRights, PaymentsService],
})
export class BillingModule {}
