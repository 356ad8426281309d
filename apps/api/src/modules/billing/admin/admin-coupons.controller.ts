import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { adminCouponWriteSchema, type AdminCoupon } from '@estancia/contracts';
import type { Response } from 'express';
import type { z } from 'zod';
import { AdminOnly } from '../../../infra/http/access';
import { parseListQuery, setContentRange } from '../../../infra/http/simple-rest';
import { validate } from '../../../infra/http/zod.pipe';
import { CurrentUser } from '../../identity/current-user.decorator';
import type { AuthUser } from '../../identity/session.service';
import { COUPON_SORTABLE, type CouponSortField } from './admin-coupons.repository';
import { AdminCouponsService } from './admin-coupons.service';

type CouponBody = z.output<typeof adminCouponWriteSchema>;

/**
 * Staff console (admins): the `coupons` resource. On update ra-data-simple-rest sends the whole record
 * back; the schema keeps only what is editable (id, times redeemed and creation date are ignored).
 */
@Controller('admin/coupons')
@AdminOnly()
export class AdminCouponsController {
  constructor(private readonly coupons: AdminCouponsService) {}

  @Get()
  async list(@Query() query: unknown, @Res({ passthrough: true }) res: Response): Promise<AdminCoupon[]> {
    const list = parseListQuery<CouponSortField>(query, Object.keys(COUPON_SORTABLE) as CouponSortField[], {
      field: 'createdAt',
      order: 'DESC',
    });
    const { rows, total } = await this.coupons.list(list);
    setContentRange(res, 'coupons', list.skip, rows.length, total);
    return rows;
  }

  @Get(':id')
  show(@Param('id') id: string): Promise<AdminCoupon> {
    return this.coupons.show(id);
  }

  @Post()
  @HttpCode(201)
  create(
    @Body(validate(adminCouponWriteSchema)) body: CouponBody,
    @CurrentUser() auth: AuthUser,
  ): Promise<AdminCoupon> {
    return this.coupons.create(auth.userId, body);
  }

  @Put(':id')
  update(
    @Param('id') id: string,
    @Body(validate(adminCouponWriteSchema)) body: CouponBody,
    @CurrentUser() auth: AuthUser,
  ): Promise<AdminCoupon> {
    return this.coupons.update(auth.userId, id, body);
  }
}
