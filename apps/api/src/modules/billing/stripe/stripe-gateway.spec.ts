import Stripe from 'stripe';
import { FakeStripe } from '../../../../test/stripe-server';
import { loadConfig } from '../../../infra/config/config';
import { AppError } from '../../../infra/http/app-error';
import type { CreateCheckout } from '../payment-gateway.port';
import { StripeGateway } from './stripe-gateway';

const WEBHOOK_SECRET = 'whsec_test';
const SESSION = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const MINUTE = 60;

describe('StripeGateway against a loopback Stripe', () => {
  const fake = new FakeStripe('sk_test_x');
  let gateway: StripeGateway;
  let apiUrl: string;
  const configFor = (key: string) =>
    loadConfig({
      JWT_SECRET: 'a-test-secret-that-is-long-enough-32+',
      STRIPE_SECRET_KEY: key,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: apiUrl,
    });

  beforeAll(async () => {
    apiUrl = await fake.start();
    gateway = new StripeGateway(configFor('sk_test_x'));
  });
  afterAll(() => fake.stop());

  const codeOf = async (run: () => Promise<unknown>): Promise<unknown> => {
    try {
      await run();
    } catch (error) {
      return error instanceof AppError ? { code: error.code, fields: error.fields } : error;
    }
    return 'accepted';
  };

  const signed = (event: object, timestamp = Math.floor(Date.now() / 1000)) => {
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
    return { body: Buffer.from(payload), headers: { 'stripe-signature': header } };
  };
  const deliver = (event: object) => {
    const { body, headers } = signed(event);
    return gateway.parseWebhook(body, headers);
  };

  const customer = async () =>
    gateway.createCustomer({ userId: 'user-1', email: 'ana@example.com', name: 'Ana' });

  const checkout = (
    customerRef: string,
    mode: CreateCheckout['mode'],
    amountCents = 1900,
  ): CreateCheckout => ({
    sessionId: SESSION,
    userId: 'user-1',
    customerRef,
    mode,
    lines: mode.kind === 'setup' ? [] : [{ description: 'Pack Standard', amountCents }],
    successUrl: `https://estancia.test/stripeconfirmation/${SESSION}`,
    cancelUrl: 'https://estancia.test/offers?payment=cancel',
    expiresAt: new Date(Date.now() + 5 * MINUTE * 1000),
  });

  /** A subscription paid through Checkout on the fake, as the customer would. */
  const subscribed = async (plan: 'STARTER' | 'PRO' = 'STARTER', cycle: 'monthly' | 'annual' = 'monthly') => {
    const customerRef = await customer();
    const created = await gateway.createCheckout(
      checkout(customerRef, { kind: 'subscription', plan, cycle, priceCents: 1900, discountCents: 0 }),
    );
    const session = fake.completeCheckout(created.gatewayRef);
    return { customerRef, subscriptionRef: session.subscription as string, session };
  };

  it('creates the customer with the user id, authenticating with the secret key', async () => {
    const ref = await customer();
    expect(ref).toMatch(/^cus_/);
    expect(fake.calls('POST', '/v1/customers').at(-1)!.body).toEqual({
      email: 'ana@example.com',
      name: 'Ana',
      metadata: { userId: 'user-1' },
    });
    const wrongKey = new StripeGateway(configFor('sk_test_wrong'));
    expect(
      await codeOf(() => wrongKey.createCustomer({ userId: 'u', email: 'e@x.es', name: 'E' })),
    ).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('opens a payment checkout that keeps the card, expiring no sooner than Stripe allows', async () => {
    const customerRef = await customer();
    const created = await gateway.createCheckout(checkout(customerRef, { kind: 'payment' }));
    expect(created.gatewayRef).toMatch(/^cs_/);
    expect(created.checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/${created.gatewayRef}`);
    const { body } = fake.calls('POST', '/v1/checkout/sessions').at(-1)!;
    expect(body).toMatchObject({
      mode: 'payment',
      customer: customerRef,
      client_reference_id: SESSION,
      metadata: { sessionId: SESSION },
      success_url: `https://estancia.test/stripeconfirmation/${SESSION}`,
      line_items: [
        {
          quantity: '1',
          price_data: { currency: 'eur', unit_amount: '1900', product_data: { name: 'Pack Standard' } },
        },
      ],
      payment_intent_data: { setup_future_usage: 'off_session' },
      payment_method_types: ['card'],
    });
    // asked for 5 minutes; Stripe needs at least 30
    expect(Number(body.expires_at)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 30 * MINUTE);
  });

  it('opens a subscription checkout on the plan product, with a one-off coupon for the discount', async () => {
    const customerRef = await customer();
    const mode = {
      kind: 'subscription',
      plan: 'PRO',
      cycle: 'annual',
      priceCents: 29000,
      discountCents: 2900,
    } as const;
    await gateway.createCheckout(checkout(customerRef, mode, 26100));
    expect(fake.calls('POST', '/v1/products').at(-1)!.body).toEqual({
      id: 'estancia_PRO_annual',
      name: 'Estancia PRO',
      metadata: { plan: 'PRO', cycle: 'annual' },
    });
    expect(fake.calls('POST', '/v1/coupons').at(-1)!.body).toMatchObject({
      amount_off: '2900',
      currency: 'eur',
      duration: 'once',
    });
    const coupon = [...fake.coupons.values()].at(-1)!;
    expect(fake.calls('POST', '/v1/checkout/sessions').at(-1)!.body).toMatchObject({
      mode: 'subscription',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'eur',
            unit_amount: '29000',
            product: 'estancia_PRO_annual',
            recurring: { interval: 'year' },
          },
        },
      ],
      subscription_data: { metadata: { sessionId: SESSION, plan: 'PRO', cycle: 'annual' } },
      discounts: [{ coupon: coupon.id }],
    });
    // the product exists now: a second checkout does not create it again
    const products = fake.calls('POST', '/v1/products').length;
    await gateway.createCheckout(checkout(customerRef, { ...mode, discountCents: 0 }));
    expect(fake.calls('POST', '/v1/products')).toHaveLength(products);
    expect(fake.calls('POST', '/v1/checkout/sessions').at(-1)!.body.discounts).toBeUndefined();
  });

  it('opens a setup checkout in euros', async () => {
    const customerRef = await customer();
    await gateway.createCheckout(checkout(customerRef, { kind: 'setup' }));
    const { body } = fake.calls('POST', '/v1/checkout/sessions').at(-1)!;
    expect(body).toMatchObject({ mode: 'setup', currency: 'eur', customer: customerRef });
    expect(body.line_items).toBeUndefined();
  });

  it('maps a completed checkout to checkout.paid with the card it saved', async () => {
    const customerRef = await customer();
    for (const mode of [{ kind: 'payment' }, { kind: 'setup' }] as const) {
      const created = await gateway.createCheckout(checkout(customerRef, mode));
      const session = fake.completeCheckout(created.gatewayRef);
      const event = fake.event('checkout.session.completed', session);
      expect(await deliver(event)).toEqual({
        id: event.id,
        type: 'checkout.paid',
        sessionId: SESSION,
        subscriptionRef: null,
        card: {
          methodRef: expect.stringMatching(/^pm_/),
          brand: 'visa',
          last4: '4242',
          expMonth: 12,
          expYear: 2034,
        },
        // the PaymentIntent a refund goes through (a setup charges nothing)
        paymentRef: mode.kind === 'payment' ? session.payment_intent : null,
      });
    }
    const { session, subscriptionRef } = await subscribed();
    expect(await deliver(fake.event('checkout.session.completed', session))).toMatchObject({
      type: 'checkout.paid',
      subscriptionRef,
      card: { last4: '4242' },
    });
  });

  it('maps expiry, failure and unpaid completion of a checkout', async () => {
    const session = {
      id: 'cs_test_1',
      object: 'checkout.session',
      metadata: { sessionId: SESSION },
      payment_status: 'unpaid',
    };
    const expired = fake.event('checkout.session.expired', session);
    expect(await deliver(expired)).toEqual({ id: expired.id, type: 'checkout.expired', sessionId: SESSION });
    const failed = fake.event('checkout.session.async_payment_failed', session);
    expect(await deliver(failed)).toEqual({ id: failed.id, type: 'checkout.declined', sessionId: SESSION });
    // paid later by a delayed method: its async_payment_succeeded confirms
    expect(await deliver(fake.event('checkout.session.completed', session))).toBeNull();
    expect(
      await deliver(
        fake.event('checkout.session.completed', { ...session, metadata: {}, client_reference_id: null }),
      ),
    ).toBeNull();
    expect(await deliver(fake.event('charge.refunded', { id: 'ch_1', object: 'charge' }))).toBeNull();
  });

  it('refuses a tampered body, a stale timestamp, a foreign secret and a missing signature', async () => {
    const event = fake.event('checkout.session.expired', {
      id: 'cs_1',
      object: 'checkout.session',
      metadata: { sessionId: SESSION },
    });
    const invalid = { code: 'VALIDATION_FAILED', fields: { signature: 'invalid' } };
    const good = signed(event);
    const tampered = Buffer.from(
      good.body.toString().replace(SESSION, '00000000-0000-4000-8000-000000000000'),
    );
    expect(await codeOf(() => gateway.parseWebhook(tampered, good.headers))).toEqual(invalid);
    const stale = signed(event, Math.floor(Date.now() / 1000) - 301);
    expect(await codeOf(() => gateway.parseWebhook(stale.body, stale.headers))).toEqual(invalid);
    const foreign = Stripe.webhooks.generateTestHeaderString({
      payload: good.body.toString(),
      secret: 'whsec_other',
    });
    expect(await codeOf(() => gateway.parseWebhook(good.body, { 'stripe-signature': foreign }))).toEqual(
      invalid,
    );
    expect(await codeOf(() => gateway.parseWebhook(good.body, {}))).toEqual(invalid);
    expect(await codeOf(() => gateway.parseWebhook(good.body, good.headers))).toBe('accepted');
  });

  it('charges the saved card off-session and reports the outcome under the webhook’s event id', async () => {
    const customerRef = await customer();
    const card = fake.addCard(customerRef);
    const charge = {
      sessionId: SESSION,
      customerRef,
      methodRef: card.id,
      amountCents: 500,
      description: '1 extra decoration(s)',
    };
    const [paid] = await gateway.chargeSavedCard(charge);
    const sent = fake.calls('POST', '/v1/payment_intents').at(-1)!;
    expect(sent.body).toMatchObject({
      amount: '500',
      currency: 'eur',
      customer: customerRef,
      payment_method: card.id,
      off_session: 'true',
      confirm: 'true',
      metadata: { sessionId: SESSION },
    });
    const intent = [...fake.paymentIntents.values()].at(-1)!;
    expect(paid).toEqual({
      id: `stripe:${intent.id}:paid`,
      type: 'checkout.paid',
      sessionId: SESSION,
      paymentRef: intent.id,
    });
    // the webhook for the same PaymentIntent is the same event: handled once
    expect(await deliver(fake.event('payment_intent.succeeded', intent))).toEqual(paid);

    fake.declineCard(card.id);
    const declined = await gateway.chargeSavedCard({
      ...charge,
      sessionId: '11111111-2222-4333-8444-555555555555',
    });
    const refused = [...fake.paymentIntents.values()].at(-1)!;
    expect(declined).toEqual([
      {
        id: `stripe:${refused.id}:declined`,
        type: 'checkout.declined',
        sessionId: '11111111-2222-4333-8444-555555555555',
      },
    ]);
    expect(await deliver(fake.event('payment_intent.payment_failed', refused))).toEqual(declined[0]);
    // a Checkout's own PaymentIntent is reported by its session, not here
    expect(await deliver(fake.event('payment_intent.succeeded', { ...intent, metadata: {} }))).toBeNull();
  });

  it('detaches the card, and a second removal is not an error', async () => {
    const customerRef = await customer();
    const card = fake.addCard(customerRef);
    expect(await gateway.detachCard({ customerRef, methodRef: card.id })).toEqual([]);
    expect(fake.calls('POST', `/v1/payment_methods/${card.id}/detach`)).toHaveLength(1);
    expect(fake.paymentMethods.get(card.id)!.customer).toBeNull();
    expect(await gateway.detachCard({ customerRef, methodRef: 'pm_missing' })).toEqual([]);
    // a late payment_method.attached for the removed card saves nothing
    expect(
      await deliver(fake.event('payment_method.attached', { ...card, customer: customerRef })),
    ).toBeNull();
    const other = fake.addCard(customerRef, 'mastercard', '4444');
    const attached = fake.event('payment_method.attached', other);
    expect(await deliver(attached)).toEqual({
      id: attached.id,
      type: 'card.saved',
      customerRef,
      card: { methodRef: other.id, brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2034 },
    });
  });

  it('maps subscription events to a fresh snapshot and invoices to what they paid for', async () => {
    const { customerRef, subscriptionRef } = await subscribed('STARTER', 'monthly');
    const sub = fake.subscriptions.get(subscriptionRef)!;
    const before = Date.now();
    // the event's copy is stale on purpose: the snapshot is read back from Stripe
    const updated = fake.event('customer.subscription.updated', { ...sub, status: 'incomplete' });
    const snapshot = await deliver(updated);
    expect(snapshot).toEqual({
      id: updated.id,
      type: 'subscription.updated',
      subscription: {
        subscriptionRef,
        customerRef,
        plan: 'STARTER',
        cycle: 'monthly',
        status: 'active',
        periodStart: new Date(sub.items.data[0].current_period_start * 1000),
        periodEnd: new Date(sub.items.data[0].current_period_end * 1000),
        cancelAtPeriodEnd: false,
        version: expect.any(Number),
      },
    });
    const version = (snapshot as { subscription: { version: number } }).subscription.version;
    expect(version).toBeGreaterThanOrEqual(before);
    const later = (await deliver(fake.event('customer.subscription.updated', sub))) as {
      subscription: { version: number };
    };
    expect(later.subscription.version).toBeGreaterThanOrEqual(version);

    const [first] = fake.invoicesOf(subscriptionRef);
    const paid = fake.event('invoice.paid', first);
    expect(await deliver(paid)).toEqual({
      id: paid.id,
      type: 'invoice.paid',
      invoice: {
        invoiceRef: first.id,
        subscriptionRef,
        customerRef,
        reason: 'create',
        plan: 'STARTER',
        cycle: 'monthly',
        previousPlan: null,
        previousCycle: null,
        amountCents: 1900,
        discountCents: 0,
        periodStart: new Date(first.lines.data[0].period.start * 1000),
        periodEnd: new Date(first.lines.data[0].period.end * 1000),
        invoiceUrl: `https://pay.stripe.com/invoice/${first.id}/pdf`,
      },
    });
    const failed = fake.event('invoice.payment_failed', { ...first, amount_due: 1900 });
    expect(await deliver(failed)).toEqual({
      id: failed.id,
      type: 'invoice.payment_failed',
      subscriptionRef,
      customerRef,
      amountCents: 1900,
    });
    // invoices that are not a subscription's are not ours to act on
    expect(await deliver(fake.event('invoice.paid', { ...first, parent: null }))).toBeNull();
  });

  it('upgrades now with an immediate prorated invoice, refused cleanly when the card declines', async () => {
    const { customerRef, subscriptionRef } = await subscribed('STARTER', 'monthly');
    const change = {
      subscriptionRef,
      customerRef,
      plan: 'PRO',
      cycle: 'monthly',
      priceCents: 4900,
      effective: 'now',
    } as const;
    expect(await gateway.changeSubscription(change)).toEqual([]);
    const sub = fake.subscriptions.get(subscriptionRef)!;
    expect(fake.calls('POST', `/v1/subscriptions/${subscriptionRef}`).at(-1)!.body).toEqual({
      items: [
        {
          id: sub.items.data[0].id,
          price_data: {
            currency: 'eur',
            product: 'estancia_PRO_monthly',
            unit_amount: '4900',
            recurring: { interval: 'month' },
          },
        },
      ],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
      metadata: { plan: 'PRO', cycle: 'monthly' },
    });
    const upgrade = fake.invoicesOf(subscriptionRef).at(-1)!;
    const mapped = (await deliver(fake.event('invoice.paid', upgrade))) as unknown as {
      invoice: Record<string, unknown>;
    };
    expect(mapped.invoice).toMatchObject({
      reason: 'update',
      plan: 'PRO',
      cycle: 'monthly',
      previousPlan: 'STARTER',
      previousCycle: 'monthly',
      periodEnd: new Date(sub.items.data[0].current_period_end * 1000),
    });

    fake.declineCard(sub.default_payment_method as string);
    expect(
      await codeOf(() => gateway.changeSubscription({ ...change, plan: 'ULTIMATE', priceCents: 9900 })),
    ).toEqual({
      code: 'PAYMENT_DECLINED',
      fields: undefined,
    });
    // another customer's subscription looks missing
    const stranger = await customer();
    expect(await codeOf(() => gateway.changeSubscription({ ...change, customerRef: stranger }))).toEqual({
      code: 'NOT_FOUND',
      fields: undefined,
    });
    expect(
      await codeOf(() =>
        gateway.setCancelAtPeriodEnd({ subscriptionRef: 'sub_missing', customerRef, cancel: true }),
      ),
    ).toEqual({
      code: 'NOT_FOUND',
      fields: undefined,
    });
  });

  it('schedules a downgrade for the next period: in place on the same cycle, by schedule across cycles', async () => {
    const { customerRef, subscriptionRef } = await subscribed('PRO', 'annual');
    const sub = fake.subscriptions.get(subscriptionRef)!;
    const periodEnd = sub.items.data[0].current_period_end as number;
    const invoices = fake.invoicesOf(subscriptionRef).length;

    await gateway.changeSubscription({
      subscriptionRef,
      customerRef,
      plan: 'STARTER',
      cycle: 'annual',
      priceCents: 19000,
      effective: 'period_end',
    });
    expect(fake.calls('POST', `/v1/subscriptions/${subscriptionRef}`).at(-1)!.body).toMatchObject({
      proration_behavior: 'none',
      metadata: { plan: 'STARTER', cycle: 'annual' },
    });
    expect(fake.invoicesOf(subscriptionRef)).toHaveLength(invoices);

    await gateway.changeSubscription({
      subscriptionRef,
      customerRef,
      plan: 'STARTER',
      cycle: 'monthly',
      priceCents: 1900,
      effective: 'period_end',
    });
    expect(fake.calls('POST', '/v1/subscription_schedules').at(-1)!.body).toEqual({
      from_subscription: subscriptionRef,
    });
    const schedule = [...fake.schedules.values()].at(-1)!;
    expect(fake.calls('POST', `/v1/subscription_schedules/${schedule.id}`).at(-1)!.body).toMatchObject({
      end_behavior: 'release',
      phases: [
        { end_date: String(periodEnd), items: [{ quantity: '1' }] },
        {
          items: [
            {
              price_data: {
                product: 'estancia_STARTER_monthly',
                unit_amount: '1900',
                recurring: { interval: 'month' },
              },
            },
          ],
          duration: { interval: 'month', interval_count: '1' },
          metadata: { plan: 'STARTER', cycle: 'monthly' },
        },
      ],
    });
    // the snapshot bills the scheduled plan at the renewal while the period stays as it is
    const mapped = (await deliver(fake.event('customer.subscription.updated', sub))) as {
      subscription: { plan: string; cycle: string; periodEnd: Date };
    };
    expect(mapped.subscription).toMatchObject({
      plan: 'STARTER',
      cycle: 'monthly',
      periodEnd: new Date(periodEnd * 1000),
    });

    // cancelling releases the schedule first (Stripe refuses it otherwise)
    expect(await gateway.setCancelAtPeriodEnd({ subscriptionRef, customerRef, cancel: true })).toEqual([]);
    expect(fake.calls('POST', `/v1/subscription_schedules/${schedule.id}/release`)).toHaveLength(1);
    expect(fake.calls('POST', `/v1/subscriptions/${subscriptionRef}`).at(-1)!.body).toEqual({
      cancel_at_period_end: 'true',
    });
    expect(fake.subscriptions.get(subscriptionRef)!.cancel_at_period_end).toBe(true);
    await gateway.setCancelAtPeriodEnd({ subscriptionRef, customerRef, cancel: false });
    expect(fake.subscriptions.get(subscriptionRef)!.cancel_at_period_end).toBe(false);
  });

  it('publishes prices on the figure’s fixed product and archives them; a price gone already is no error', async () => {
    const before = fake.calls('POST', '/v1/products').length;
    const annual = await gateway.publishPrice({
      figure: { product: 'plan', code: 'ULTIMATE', cycle: 'annual' },
      name: 'Ultimate',
      amountCents: 99000,
    });
    const pack = await gateway.publishPrice({
      figure: { product: 'pack', code: 'premium', cycle: 'once' },
      name: 'Premium',
      amountCents: 22900,
    });
    expect(
      fake
        .calls('POST', '/v1/products')
        .slice(before)
        .map((r) => r.body),
    ).toEqual([
      {
        id: 'estancia_ULTIMATE_annual',
        name: 'Estancia ULTIMATE',
        metadata: { plan: 'ULTIMATE', cycle: 'annual' },
      },
      { id: 'estancia_pack_premium', name: 'Estancia Premium', metadata: { pack: 'premium' } },
    ]);
    expect(fake.prices.get(annual.ref)).toMatchObject({
      product: 'estancia_ULTIMATE_annual',
      unit_amount: 99000,
      recurring: { interval: 'year', interval_count: 1 },
      active: true,
    });
    expect(fake.prices.get(pack.ref)).toMatchObject({ product: 'estancia_pack_premium', type: 'one_time' });
    // a second price of the same product does not create it again
    await gateway.publishPrice({
      figure: { product: 'pack', code: 'premium', cycle: 'once' },
      name: 'P',
      amountCents: 1,
    });
    expect(fake.calls('POST', '/v1/products')).toHaveLength(before + 2);

    await gateway.archivePrice(annual.ref);
    expect(fake.prices.get(annual.ref)!.active).toBe(false);
    await expect(gateway.archivePrice('price_gone')).resolves.toBeUndefined();
  });

  it('opens a payment checkout on a catalogue price, its discount as a one-off coupon', async () => {
    const customerRef = await customer();
    const { ref } = await gateway.publishPrice({
      figure: { product: 'pack', code: 'standard', cycle: 'once' },
      name: 'Standard',
      amountCents: 7900,
    });
    const input = checkout(customerRef, { kind: 'payment' }, 7110);
    const created = await gateway.createCheckout({
      ...input,
      lines: [{ ...input.lines[0], price: { ref, amountCents: 7900 } }],
    });
    const { body } = fake.calls('POST', '/v1/checkout/sessions').at(-1)!;
    const coupon = [...fake.coupons.values()].at(-1)!;
    expect(coupon.amount_off).toBe(790);
    expect(body).toMatchObject({
      line_items: [{ quantity: '1', price: ref }],
      discounts: [{ coupon: coupon.id }],
    });
    expect(fake.sessions.get(created.gatewayRef)!.amount_total).toBe(7110);

    // an archived price is refused by Stripe, as it refuses it in a real checkout
    await gateway.archivePrice(ref);
    expect(
      await codeOf(() =>
        gateway.createCheckout({
          ...input,
          lines: [{ ...input.lines[0], price: { ref, amountCents: 7900 } }],
        }),
      ),
    ).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('refunds through the PaymentIntent, found from the payment, its Checkout or its invoice', async () => {
    const refund = (refs: { paymentRef?: string | null; checkoutRef?: string | null }, amountCents = 500) =>
      gateway.refund({
        paymentRef: refs.paymentRef ?? null,
        checkoutRef: refs.checkoutRef ?? null,
        amountCents,
        reason: 'Asked by the customer',
        idempotencyKey: 'staff:key',
      });
    const customerRef = await customer();
    const created = await gateway.createCheckout(checkout(customerRef, { kind: 'payment' }, 1900));
    const session = fake.completeCheckout(created.gatewayRef);
    const intent = session.payment_intent as string;

    const direct = await refund({ paymentRef: intent });
    expect(direct.ref).toMatch(/^re_/);
    expect(fake.calls('POST', '/v1/refunds').at(-1)!.body).toEqual({
      payment_intent: intent,
      amount: '500',
      reason: 'requested_by_customer',
      metadata: { note: 'Asked by the customer' },
    });
    await refund({ checkoutRef: created.gatewayRef });
    expect(fake.calls('POST', '/v1/refunds').at(-1)!.body.payment_intent).toBe(intent);

    const { subscriptionRef } = await subscribed();
    const [invoice] = fake.invoicesOf(subscriptionRef);
    await refund({ paymentRef: invoice.id as string });
    const paid = [...fake.invoicePayments.values()].find((p) => p.invoice === invoice.id)!;
    expect(fake.calls('POST', '/v1/refunds').at(-1)!.body.payment_intent).toBe(paid.payment.payment_intent);

    // more than is left, or a payment Stripe cannot name: GATEWAY_ERROR
    expect(await codeOf(() => refund({ paymentRef: intent }, 1000))).toEqual({
      code: 'GATEWAY_ERROR',
      fields: undefined,
    });
    expect(await codeOf(() => refund({ checkoutRef: 'sandbox_x' }))).toEqual({
      code: 'GATEWAY_ERROR',
      fields: undefined,
    });
    expect(await codeOf(() => refund({ paymentRef: 'pi_unknown' }))).toEqual({
      code: 'GATEWAY_ERROR',
      fields: undefined,
    });
  });
});
