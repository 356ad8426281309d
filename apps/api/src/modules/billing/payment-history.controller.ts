import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { paymentHistoryQuerySchema, type PaymentHistoryResponse } from '@estancia/contracts';
import type { Response } from 'express';
import type { z } from 'zod';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser } from '../identity/current-user.decorator';
import type { AuthUser } from '../identity/session.service';
import { PaymentHistoryService } from './payment-history.service';

/** The caller's payment history (payments and referral rewards) and their invoices. */
@Controller('billing/payments')
export class PaymentHistoryController {
  constructor(private readonly history: PaymentHistoryService) {}

  @Get()
  list(
    @CurrentUser() auth: AuthUser,
    @Query(validate(paymentHistoryQuerySchema)) query: z.output<typeof paymentHistoryQuerySchema>,
  ): Promise<PaymentHistoryResponse> {
    return this.history.page(auth.userId, query.page);
  }

  @Get(':id/invoice')
  async invoice(@CurrentUser() auth: AuthUser, @Param('id') id: string, @Res() res: Response): Promise<void> {
    const { fileName, pdf } = await this.history.invoice(auth.userId, id);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(pdf);
  }
}
