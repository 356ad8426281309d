import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  type RawBodyRequest,
} from '@nestjs/common';
import {
  checkoutRequestSchema,
  couponCodeSchema,
  couponQuerySchema,
  ErrorCode,
  extraDecorationsRequestSchema,
  sandboxPayRequestSchema,
  type CheckoutRequest,
  type CheckoutResponse,
  type CheckoutSession,
  type Coupon,
  type ExtraDecorationsRequest,
  type PaymentMethodResponse,
} from '@estancia/contracts';
import type { Request } from 'express';
import type { z } from 'zod';
import { AppError } from '../../infra/http/app-error';
import { Public } from '../../infra/http/access';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser } from '../identity/current-user.decorator';
import type { AuthUser } from '../identity/session.service';
import { CheckoutService } from './checkout.service';
import { CouponsService, toCoupon } from './coupons.service';
import { ExtraDecorationsService } from './extra-decorations.service';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.port';
import { PaymentMethodsService } from './payment-methods.service';
import { PaymentsService } from './payments.service';

/** Checkout, coupons, the saved card, extra decorations, the sandbox gateway's page and the webhooks. */
@Controller('billing')
export class PaymentsController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly coupons: CouponsService,
    private readonly methods: PaymentMethodsService,
    private readonly extras: ExtraDecorationsService,
    private readonly payments: PaymentsService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  @Post('checkout')
  open(
    @Body(validate(checkoutRequestSchema)) body: CheckoutRequest,
    @CurrentUser() auth: AuthUser,
    @Headers('origin') origin?: string,
    @Headers('host') host?: string,
  ): Promise<CheckoutResponse> {
    return this.checkout.open(auth.userId, body, { origin, host });
  }

  @Get('checkout/:sessionId')
  session(@Param('sessionId') sessionId: string, @CurrentUser() auth: AuthUser): Promise<CheckoutSession> {
    return this.checkout.show(auth.userId, sessionId);
  }

  @Get('coupons/:code')
  async coupon(
    @Param('code') code: string,
    @Query(validate(couponQuerySchema)) query: z.output<typeof couponQuerySchema>,
    @CurrentUser() auth: AuthUser,
  ): Promise<Coupon> {
    const parsed = couponCodeSchema.safeParse(code);
    if (!parsed.success) throw new AppError(ErrorCode.COUPON_INVALID, { coupon: 'COUPON_INVALID' });
    // Checked for this customer, so a coupon they cannot have is said before they pick a product.
    return toCoupon(await this.coupons.usable(parsed.data, query.kind, auth.userId));
  }

  @Get('payment-method')
  paymentMethod(@CurrentUser() auth: AuthUser): Promise<PaymentMethodResponse> {
    return this.methods.show(auth.userId);
  }

  @Post('payment-method/setup')
  setupPaymentMethod(
    @CurrentUser() auth: AuthUser,
    @Headers('origin') origin?: string,
    @Headers('host') host?: string,
  ): Promise<CheckoutResponse> {
    return this.methods.setup(auth.userId, { origin, host });
  }

  @Delete('payment-method')
  @HttpCode(204)
  removePaymentMethod(@CurrentUser() auth: AuthUser): Promise<void> {
    return this.methods.remove(auth.userId);
  }

  @Post('extra-decorations')
  @HttpCode(200)
  extraDecorations(
    @Body(validate(extraDecorationsRequestSchema)) body: ExtraDecorationsRequest,
    @CurrentUser() auth: AuthUser,
  ): Promise<CheckoutSession> {
    return this.extras.buy(auth.userId, body);
  }

  @Get('sandbox/:sessionId')
  sandbox(@Param('sessionId') sessionId: string, @CurrentUser() auth: AuthUser): Promise<CheckoutSession> {
    return this.checkout.sandboxSession(auth.userId, sessionId);
  }

  @Post('sandbox/:sessionId/pay')
  @HttpCode(200)
  pay(
    @Param('sessionId') sessionId: string,
    @Body(validate(sandboxPayRequestSchema)) body: z.output<typeof sandboxPayRequestSchema>,
    @CurrentUser() auth: AuthUser,
  ): Promise<CheckoutSession> {
    return this.checkout.sandboxPay(auth.userId, sessionId, body);
  }

  @Post('sandbox/:sessionId/decline')
  @HttpCode(200)
  decline(@Param('sessionId') sessionId: string, @CurrentUser() auth: AuthUser): Promise<CheckoutSession> {
    return this.checkout.sandboxDecline(auth.userId, sessionId);
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
    const event = await this.gateway.parseWebhook(req.rawBody, req.headers);
    if (event) await this.payments.handle(event);
    return { received: true };
  }
}
