import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { IdentityModule } from '../identity/identity.module';
import { AccountErasure } from './account-erasure.service';
import { AccountExport } from './account-export.service';
import { AccountController } from './account.controller';
import { AccountRecords } from './account.repository';
import { AdminAccountErasureController } from './admin-account-erasure.controller';

/** "Delete my account" and "Export my data": the customer's whole account across every domain. */
@Module({
  imports: [IdentityModule, BillingModule],
  controllers: [AccountController, AdminAccountErasureController],
  providers: [AccountErasure, AccountExport, AccountRecords],
})
export class AccountModule {}
