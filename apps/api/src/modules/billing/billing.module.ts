import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { WalletModule } from '../wallet/wallet.module';
import { BillingController } from './billing.controller';
import { CatalogueService } from './catalogue.service';
import { CheckoutService } from './checkout.service';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.port';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { PlanRights } from './plan-rights.service';
import { SandboxGateway } from './sandbox-gateway';

/**
 * Plans, packs and coupons, PlanRights (the one place a plan's rights are decided), and checkout
 * through the configured PaymentGateway (the sandbox until a Stripe adapter exists).
 */
@Module({
  imports: [WalletModule],
  controllers: [BillingController, PaymentsController],
  providers: [
    CatalogueService,
    PlanRights,
    {
      provide: PAYMENT_GATEWAY,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): PaymentGateway => new SandboxGateway(config),
    },
    PaymentsService,
    CheckoutService,
  ],
  exports: [PlanRights, PaymentsService],
})
export class BillingModule {}
