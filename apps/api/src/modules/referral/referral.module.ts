import { Module } from '@nestjs/common';
import { WalletModule } from '../wallet/wallet.module';
import { AdminReferralsController } from './admin-referrals.controller';
import { AdminReferralsRepository } from './admin-referrals.repository';
import { ReferralController } from './referral.controller';
import { ReferralRepository } from './referral.repository';
import { ReferralService } from './referral.service';

/** The referral programme: a user's code earns them credits when a referred user first buys. */
@Module({
  imports: [WalletModule],
  controllers: [ReferralController, AdminReferralsController],
  providers: [ReferralService, ReferralRepository, AdminReferralsRepository],
  exports: [ReferralService],
})
export class ReferralModule {}
