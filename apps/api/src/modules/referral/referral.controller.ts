import { Controller, Get } from '@nestjs/common';
import type { ReferralSummary } from '@estancia/contracts';
import { CurrentUser } from '../identity/current-user.decorator';
import type { AuthUser } from '../identity/session.service';
import { ReferralService } from './referral.service';

/** GET /data/referral: the caller's referral code, link and earnings. */
@Controller('referral')
export class ReferralController {
  constructor(private readonly referrals: ReferralService) {}

  @Get()
  summary(@CurrentUser() auth: AuthUser): Promise<ReferralSummary> {
    return this.referrals.summary(auth.userId);
  }
}
