import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { adminRefundRequestSchema, type AdminPayment, type AdminRefundRequest } from '@estancia/contracts';
import type { Response } from 'express';
import { AdminOnly } from '../../../infra/http/access';
import { parseListQuery, setContentRange } from '../../../infra/http/simple-rest';
import { validate } from '../../../infra/http/zod.pipe';
import { CurrentUser } from '../../identity/current-user.decorator';
import type { AuthUser } from '../../identity/session.service';
import { PAYMENT_SORTABLE, type PaymentSortField } from './admin-payments.repository';
import { AdminPaymentsService } from './admin-payments.service';

/** Staff console (admins): the `payments` resource (read only), its invoices and its refunds. */
@Controller('admin/payments')
@AdminOnly()
export class AdminPaymentsController {
  constructor(private readonly payments: AdminPaymentsService) {}

  @Get()
  async list(@Query() query: unknown, @Res({ passthrough: true }) res: Response): Promise<AdminPayment[]> {
    const list = parseListQuery<PaymentSortField>(
      query,
      Object.keys(PAYMENT_SORTABLE) as PaymentSortField[],
      {
        field: 'createdAt',
        order: 'DESC',
      },
    );
    const { rows, total } = await this.payments.list(list);
    setContentRange(res, 'payments', list.skip, rows.length, total);
    return rows;
  }

  @Get(':id')
  show(@Param('id') id: string): Promise<AdminPayment> {
    return this.payments.show(id);
  }

  @Get(':id/invoice')
  async invoice(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const { fileName, pdf } = await this.payments.invoice(id);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(pdf);
  }

  /** Refunds through the gateway; `Idempotency-Key` (required) makes a double submit refund once. */
  @Post(':id/refunds')
  @HttpCode(200)
  refund(
    @Param('id') id: string,
    @Body(validate(adminRefundRequestSchema)) body: AdminRefundRequest,
    @Headers('idempotency-key') key: string | undefined,
    @CurrentUser() auth: AuthUser,
  ): Promise<AdminPayment> {
    return this.payments.refund(auth.userId, id, body, key);
  }
}
