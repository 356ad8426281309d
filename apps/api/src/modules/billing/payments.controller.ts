import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Req,
  type RawBodyRequest,
} from '@nestjs/common';
import {
  checkoutRequestSchema,
  ErrorCode,
  type CheckoutRequest,
  type CheckoutResponse,
  type CheckoutSession,
} from '@estancia/contracts';
import type { Request } from 'express';
import { AppError } from '../../infra/http/app-error';
import { Public } from '../../infra/http/access';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser } from '../identity/current-user.decorator';
import type { AuthUser } from '../identity/session.service';
import { CheckoutService } from './checkout.service';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.port';
import { PaymentsService } from './payments.service';

/** Checkout, the sandbox gateway's page and the gateways' webhooks. */
@Controller('billing')
export class PaymentsController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly payments: PaymentsService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  @Post('checkout')
  open(
    @Body(validate(checkoutRequestSchema)) body: CheckoutRequest,
    @CurrentUser() auth: AuthUser,
  ): Promise<CheckoutResponse> {
    return this.checkout.open(auth.userId, body);
  }

  @Get('sandbox/:sessionId')
  sandbox(@Param('sessionId') sessionId: string, @CurrentUser() auth: AuthUser): Promise<CheckoutSession> {
    return this.checkout.sandboxSession(auth.userId, sessionId);
  }

  @Post('sandbox/:sessionId/pay')
  @HttpCode(200)
  pay(@Param('sessionId') sessionId: string, @CurrentUser() auth: AuthUser): Promise<CheckoutSession> {
    return this.checkout.sandboxOutcome(auth.userId, sessionId, 'paid');
  }

  @Post('sandbox/:sessionId/decline')
  @HttpCode(200)
  decline(@Param('sessionId') sessionId: string, @CurrentUser() auth: AuthUser): Promise<CheckoutSession> {
    return this.checkout.sandboxOutcome(auth.userId, sessionId, 'declined');
  }

  /** Gateways call this unauthenticated; the signature over the raw body is the authentication. */
  @Public()
  @Post('webhook/:gateway')
  @HttpCode(200)
  async webhook(
    @Param('gateway') gateway: string,
    @Req() req: RawBodyRequest<Request>,
  ): Promise<{ received: true }> {
    if (gateway !== this.gateway.name) throw new AppError(ErrorCode.NOT_FOUND);
    if (!req.rawBody) throw new AppError(ErrorCode.VALIDATION_FAILED, { body: 'required' });
    const event = this.gateway.parseWebhook(req.rawBody, req.headers);
    if (event) await this.payments.handle(event);
    return { received: true };
  }
}
