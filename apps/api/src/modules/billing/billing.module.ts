import { Module } from '@nestjs/common';
import { BillingController } from './billing.controller';
import { CatalogueService } from './catalogue.service';
import { PlanRights } from './plan-rights.service';

/** Plans, packs and coupons, and PlanRights: the one place a plan's rights are decided. */
@Module({
  controllers: [BillingController],
  providers: [CatalogueService, PlanRights],
  exports: [PlanRights],
})
export class BillingModule {}
