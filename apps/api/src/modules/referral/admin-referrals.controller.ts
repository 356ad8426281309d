import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ErrorCode, type AdminReferral, type AdminTopReferrer } from '@estancia/contracts';
import type { Response } from 'express';
import { AdminOnly } from '../../infra/http/access';
import { AppError } from '../../infra/http/app-error';
import { parseListQuery, setContentRange } from '../../infra/http/simple-rest';
import {
  AdminReferralsRepository,
  REFERRAL_SORTABLE,
  TOP_REFERRER_SORTABLE,
  type ReferralSortField,
  type TopReferrerSortField,
} from './admin-referrals.repository';

/** Staff console (admins, read only): the `referrals` and `top-referrers` resources. */
@Controller('admin')
@AdminOnly()
export class AdminReferralsController {
  constructor(private readonly repository: AdminReferralsRepository) {}

  @Get('referrals')
  async list(@Query() query: unknown, @Res({ passthrough: true }) res: Response): Promise<AdminReferral[]> {
    const list = parseListQuery<ReferralSortField>(
      query,
      Object.keys(REFERRAL_SORTABLE) as ReferralSortField[],
      { field: 'referredAt', order: 'DESC' },
    );
    const { rows, total } = await this.repository.list(list);
    setContentRange(res, 'referrals', list.skip, rows.length, total);
    return rows;
  }

  @Get('referrals/:id')
  async show(@Param('id') id: string): Promise<AdminReferral> {
    const referral = await this.repository.find(id);
    if (!referral) throw new AppError(ErrorCode.NOT_FOUND);
    return referral;
  }

  @Get('top-referrers')
  async top(@Query() query: unknown, @Res({ passthrough: true }) res: Response): Promise<AdminTopReferrer[]> {
    const list = parseListQuery<TopReferrerSortField>(
      query,
      Object.keys(TOP_REFERRER_SORTABLE) as TopReferrerSortField[],
      { field: 'referred', order: 'DESC' },
    );
    const { rows, total } = await this.repository.topReferrers(list);
    setContentRange(res, 'top-referrers', list.skip, rows.length, total);
    return rows;
  }

  @Get('top-referrers/:id')
  async showTop(@Param('id') id: string): Promise<AdminTopReferrer> {
    const referrer = await this.repository.findTopReferrer(id);
    if (!referrer) throw new AppError(ErrorCode.NOT_FOUND);
    return referrer;
  }
}
