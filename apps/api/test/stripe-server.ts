import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/* eslint-disable @typescript-eslint/no-explicit-any -- Stripe-shaped JSON is loose by nature */
type Json = Record<string, any>;

/** One call the adapter made, with its form body decoded into nested objects. */
export interface RecordedRequest {
  method: string;
  path: string;
  body: Json;
  query: Json;
}

const id = (prefix: string): string => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = (): number => Math.floor(Date.now() / 1000);
const DAY = 86_400;

/** Decodes Stripe's bracketed form encoding (`items[0][price_data][currency]=eur`) into objects and arrays. */
export function decodeForm(text: string): Json {
  const root: Json = {};
  for (const pair of text.split('&').filter(Boolean)) {
    const [rawKey, rawValue = ''] = pair.split('=');
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const path = key.replace(/\]/g, '').split('[');
    let node: any = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const slot = part === '' ? node.length : part;
      if (last) node[slot] = value;
      else node = node[slot] ??= /^\d*$/.test(path[i + 1]) ? [] : {};
    });
  }
  return root;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(error.message as string);
  }
}

const missing = (kind: string, ref: string): StripeApiError =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${ref}'`,
  });

/**
 * A loopback server that answers the Stripe API calls StripeGateway makes, keeping its objects in
 * memory, so the adapter's real HTTP traffic (through the official client) can be asserted. Tests
 * drive the customer's side with `completeCheckout`, `declineCard`, and build webhook events with `event`.
 */
export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly products = new Map<string, Json>();
  readonly prices = new Map<string, Json>();
  readonly coupons = new Map<string, Json>();
  readonly sessions = new Map<string, Json>();
  readonly paymentIntents = new Map<string, Json>();
  readonly setupIntents = new Map<string, Json>();
  readonly paymentMethods = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly schedules = new Map<string, Json>();
  readonly invoices = new Map<string, Json>();
  readonly invoicePayments = new Map<string, Json>();
  readonly refunds = new Map<string, Json>();
  private server?: Server;

  constructor(readonly secretKey = 'sk_test_x') {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Calls made to `method path` (path may end with `*` to match a prefix). */
  calls(method: string, path: string): RecordedRequest[] {
    const prefix = path.endsWith('*') ? path.slice(0, -1) : null;
    return this.requests.filter(
      (r) => r.method === method && (prefix !== null ? r.path.startsWith(prefix) : r.path === path),
    );
  }

  /** Wraps an object the way Stripe delivers it to a webhook endpoint. */
  event(type: string, object: Json, created = now()): Json {
    return {
      id: id('evt'),
      object: 'event',
      api_version: '2026-02-25.clover',
      created,
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object },
    };
  }

  /** Makes every later charge of this card fail as Stripe's test card 4000 0000 0000 0341 does. */
  declineCard(methodRef: string): void {
    this.paymentMethods.get(methodRef)!.declines = true;
  }

  /** A card attached to the customer, as the hosted page saves it. */
  addCard(customerRef: string, brand = 'visa', last4 = '4242'): Json {
    const pm = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      customer: customerRef,
      card: { brand, last4, exp_month: 12, exp_year: 2034 },
      created: now(),
      metadata: {},
    };
    this.paymentMethods.set(pm.id, pm);
    return pm;
  }

  /**
   * The customer pays on the hosted page: the card is saved and, by mode, a PaymentIntent, a
   * SetupIntent or a subscription with its first paid invoice appears. Answers the completed session.
   */
  completeCheckout(sessionRef: string): Json {
    const session = this.sessions.get(sessionRef);
    if (!session) throw new Error(`no checkout session ${sessionRef}`);
    const pm = this.addCard(session.customer as string);
    if (session.mode === 'payment') {
      const pi = this.newPaymentIntent({
        amount: session.amount_total,
        customer: session.customer,
        payment_method: pm.id,
        metadata: session.payment_intent_data?.metadata ?? {},
      });
      pi.status = 'succeeded';
      session.payment_intent = pi.id;
    } else if (session.mode === 'setup') {
      const seti = {
        id: id('seti'),
        object: 'setup_intent',
        status: 'succeeded',
        customer: session.customer,
        payment_method: pm.id,
      };
      this.setupIntents.set(seti.id, seti);
      session.setup_intent = seti.id;
    } else {
      const line = session.line_items[0];
      const price = line.price ? this.get(this.prices, 'price', line.price) : this.newPrice(line.price_data);
      const start = now();
      const sub = this.newSubscription(
        session.customer as string,
        price,
        start,
        session.subscription_data?.metadata ?? {},
      );
      sub.default_payment_method = pm.id;
      session.subscription = sub.id;
      const discount = session.discounts?.[0]?.coupon
        ? Number(this.coupons.get(session.discounts[0].coupon)!.amount_off)
        : 0;
      this.newInvoice(
        sub,
        'subscription_create',
        [this.line(price, price.unit_amount, start, sub.items.data[0].current_period_end, false)],
        discount,
      );
    }
    Object.assign(session, {
      status: 'complete',
      payment_status: session.mode === 'setup' ? 'no_payment_required' : 'paid',
    });
    return session;
  }

  /** The invoices of a subscription, oldest first. */
  invoicesOf(subscriptionRef: string): Json[] {
    return [...this.invoices.values()].filter(
      (i) => i.parent?.subscription_details?.subscription === subscriptionRef,
    );
  }

  // ---- HTTP ----

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const body = decodeForm(Buffer.concat(chunks).toString('utf8'));
    const query = decodeForm(url.search.slice(1));
    const method = req.method ?? 'GET';
    this.requests.push({ method, path: url.pathname, body, query });
    const answer = (status: number, json: Json): void => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(json));
    };
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      answer(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    try {
      const found = this.route(method, url.pathname, body, query);
      answer(200, this.expand(structuredClone(found), [...(query.expand ?? []), ...(body.expand ?? [])]));
    } catch (err) {
      if (err instanceof StripeApiError) answer(err.status, { error: err.error });
      else answer(500, { error: { type: 'api_error', message: String(err) } });
    }
  }

  private route(method: string, path: string, body: Json, query: Json): Json {
    // after /v1; checkout sessions live one level deeper than the other resources
    const parts = path.replace('/v1/checkout/sessions', '/v1/checkout_sessions').split('/').slice(2);
    const [resource, ref, action] = parts;
    const key = `${method} ${resource}${ref ? '/:id' : ''}${action ? `/${action}` : ''}`;
    switch (key) {
      case 'POST customers':
        return this.put(this.customers, {
          id: id('cus'),
          object: 'customer',
          email: body.email,
          name: body.name,
          metadata: body.metadata ?? {},
        });
      case 'POST products': {
        if (body.id && this.products.has(body.id)) {
          throw new StripeApiError(400, {
            type: 'invalid_request_error',
            code: 'resource_already_exists',
            message: 'Product already exists.',
          });
        }
        return this.put(this.products, {
          id: body.id ?? id('prod'),
          object: 'product',
          name: body.name,
          metadata: body.metadata ?? {},
        });
      }
      case 'POST coupons':
        return this.put(this.coupons, {
          id: id('coupon'),
          object: 'coupon',
          amount_off: Number(body.amount_off),
          currency: body.currency,
          duration: body.duration,
        });
      case 'POST checkout_sessions':
        return this.newCheckoutSession(body);
      case 'GET checkout_sessions/:id':
        return this.get(this.sessions, 'checkout.session', ref);
      case 'POST prices':
        return this.createPrice(body);
      case 'GET prices/:id':
        return this.get(this.prices, 'price', ref);
      case 'POST prices/:id':
        return this.updatePrice(this.get(this.prices, 'price', ref), body);
      case 'POST refunds':
        return this.refund(body);
      case 'GET invoice_payments':
        return this.list(
          [...this.invoicePayments.values()].filter(
            (p) =>
              (!query.invoice || p.invoice === query.invoice) && (!query.status || p.status === query.status),
          ),
          '/v1/invoice_payments',
        );
      case 'POST payment_intents':
        return this.charge(body);
      case 'GET payment_intents/:id':
        return this.get(this.paymentIntents, 'payment_intent', ref);
      case 'GET setup_intents/:id':
        return this.get(this.setupIntents, 'setup_intent', ref);
      case 'GET payment_methods/:id':
        return this.get(this.paymentMethods, 'payment_method', ref);
      case 'POST payment_methods/:id/detach': {
        const pm = this.get(this.paymentMethods, 'payment_method', ref);
        pm.customer = null;
        return pm;
      }
      case 'GET subscriptions/:id':
        return this.get(this.subscriptions, 'subscription', ref);
      case 'POST subscriptions/:id':
        return this.updateSubscription(this.get(this.subscriptions, 'subscription', ref), body);
      case 'POST subscription_schedules':
        return this.newSchedule(body);
      case 'POST subscription_schedules/:id': {
        const schedule = this.get(this.schedules, 'subscription_schedule', ref);
        // as Stripe answers: each phase starts where the one before ends
        const given = (body.phases ?? schedule.phases) as Json[];
        const phases = given.map((phase): Json => ({ ...phase }));
        phases.forEach((phase, i) => {
          phase.start_date = Number(phase.start_date ?? phases[i - 1].end_date);
          const days = phase.duration?.interval === 'year' ? 365 : 30;
          phase.end_date = Number(phase.end_date ?? phase.start_date + days * DAY);
        });
        return Object.assign(schedule, { phases, end_behavior: body.end_behavior ?? schedule.end_behavior });
      }
      case 'POST subscription_schedules/:id/release': {
        const schedule = this.get(this.schedules, 'subscription_schedule', ref);
        this.subscriptions.get(schedule.subscription)!.schedule = null;
        return Object.assign(schedule, {
          status: 'released',
          released_subscription: schedule.subscription,
          subscription: null,
        });
      }
    }
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path})`,
    });
  }

  private put(map: Map<string, Json>, object: Json): Json {
    map.set(object.id as string, object);
    return object;
  }

  private get(map: Map<string, Json>, kind: string, ref: string): Json {
    const found = map.get(ref);
    if (!found) throw missing(kind, ref);
    return found;
  }

  /** Replaces ids by objects for the `expand[]` paths the adapter asks for (one level deep). */
  private expand(object: Json, paths: string[]): Json {
    const lookup: Record<string, Map<string, Json>> = {
      payment_method: this.paymentMethods,
      default_payment_method: this.paymentMethods,
      schedule: this.schedules,
    };
    for (const path of paths) {
      const ref = object[path];
      if (typeof ref === 'string' && lookup[path]?.has(ref))
        object[path] = structuredClone(lookup[path].get(ref));
    }
    return object;
  }

  private newCheckoutSession(body: Json): Json {
    if (!body.customer || !this.customers.has(body.customer)) throw missing('customer', body.customer);
    const expiresAt = Number(body.expires_at);
    if (body.expires_at && (expiresAt < now() + 30 * 60 || expiresAt > now() + DAY)) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        param: 'expires_at',
        message: 'expires_at must be 30 minutes to 24 hours ahead',
      });
    }
    const lines: Json[] = body.line_items ?? [];
    const amount = lines.reduce((sum, l, i) => {
      if (!l.price) return sum + Number(l.price_data.unit_amount) * Number(l.quantity ?? 1);
      const price = this.prices.get(l.price);
      if (!price) throw missing('price', l.price);
      if (!price.active) {
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          param: `line_items[${i}][price]`,
          message: 'The price specified is inactive. This field only accepts active prices.',
        });
      }
      return sum + Number(price.unit_amount) * Number(l.quantity ?? 1);
    }, 0);
    const couponRef = body.discounts?.[0]?.coupon as string | undefined;
    if (couponRef && !this.coupons.has(couponRef)) throw missing('coupon', couponRef);
    const discount = couponRef ? Math.min(amount, Number(this.coupons.get(couponRef)!.amount_off)) : 0;
    const session = {
      ...body,
      id: id('cs_test'),
      object: 'checkout.session',
      url: '',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: amount,
      amount_total: amount - discount,
      currency: body.currency ?? 'eur',
      payment_intent: null,
      setup_intent: null,
      subscription: null,
      metadata: body.metadata ?? {},
      expires_at: expiresAt || now() + DAY,
    };
    session.url = `https://checkout.stripe.com/c/pay/${session.id}`;
    return this.put(this.sessions, session);
  }

  /** A Price as Stripe answers it; `price_data` on a checkout or subscription item creates one inline too. */
  private newPrice(data: Json): Json {
    if (data.product && !this.products.has(data.product)) throw missing('product', data.product);
    const recurring = data.recurring
      ? {
          interval: data.recurring.interval,
          interval_count: Number(data.recurring.interval_count ?? 1),
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null;
    return this.put(this.prices, {
      id: id('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: now(),
      currency: data.currency,
      livemode: false,
      lookup_key: data.lookup_key ?? null,
      metadata: data.metadata ?? {},
      nickname: data.nickname ?? null,
      product:
        data.product ??
        this.put(this.products, { id: id('prod'), object: 'product', ...data.product_data }).id,
      recurring,
      tax_behavior: data.tax_behavior ?? 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: recurring ? 'recurring' : 'one_time',
      unit_amount: Number(data.unit_amount),
      unit_amount_decimal: String(data.unit_amount),
    });
  }

  /** POST /v1/prices: `currency`, a product (or product_data) and `unit_amount` are required. */
  private createPrice(body: Json): Json {
    for (const param of ['currency', 'unit_amount']) {
      if (body[param] === undefined) {
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          param,
          message: `Missing required param: ${param}.`,
        });
      }
    }
    if (!body.product && !body.product_data) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        param: 'product',
        message: 'You must specify either `product` or `product_data` when creating a price.',
      });
    }
    return this.newPrice(body);
  }

  /** POST /v1/prices/:id: only these can change; the amount of a price never does. */
  private updatePrice(price: Json, body: Json): Json {
    const updatable = [
      'active',
      'currency_options',
      'expand',
      'lookup_key',
      'metadata',
      'nickname',
      'tax_behavior',
      'transfer_lookup_key',
    ];
    const unknown = Object.keys(body).find((key) => !updatable.includes(key));
    if (unknown) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        param: unknown,
        message: `Received unknown parameter: ${unknown}`,
      });
    }
    if (body.active !== undefined) price.active = body.active === 'true';
    if (body.metadata) price.metadata = { ...price.metadata, ...body.metadata };
    if (body.nickname !== undefined) price.nickname = body.nickname || null;
    if (body.lookup_key !== undefined) price.lookup_key = body.lookup_key || null;
    return price;
  }

  /**
   * POST /v1/refunds on a PaymentIntent (or its charge): at most what is left unrefunded, all of
   * it when no amount is given.
   */
  private refund(body: Json): Json {
    const pi = body.payment_intent
      ? this.get(this.paymentIntents, 'payment_intent', body.payment_intent)
      : [...this.paymentIntents.values()].find((p) => p.latest_charge && p.latest_charge === body.charge);
    if (!pi) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: body.charge
          ? `No such charge: '${body.charge}'`
          : 'One of `charge` or `payment_intent` is required.',
      });
    }
    if (pi.status !== 'succeeded') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
      });
    }
    const left = Number(pi.amount) - Number(pi.amount_refunded ?? 0);
    if (left <= 0) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${pi.latest_charge} has already been refunded.`,
      });
    }
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (amount > left) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(left / 100).toFixed(2)})`,
      });
    }
    pi.amount_refunded = Number(pi.amount_refunded ?? 0) + amount;
    return this.put(this.refunds, {
      id: id('re'),
      object: 'refund',
      amount,
      balance_transaction: id('txn'),
      charge: pi.latest_charge,
      created: now(),
      currency: pi.currency,
      metadata: body.metadata ?? {},
      payment_intent: pi.id,
      reason: body.reason ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    });
  }

  private list(data: Json[], url: string): Json {
    return { object: 'list', data, has_more: false, url };
  }

  private newPaymentIntent(fields: Json): Json {
    return this.put(this.paymentIntents, {
      id: id('pi'),
      object: 'payment_intent',
      currency: 'eur',
      status: 'requires_payment_method',
      latest_charge: id('ch'),
      metadata: {},
      ...fields,
      amount: Number(fields.amount),
    });
  }

  private charge(body: Json): Json {
    const pm = this.get(this.paymentMethods, 'payment_method', body.payment_method);
    if (pm.customer !== body.customer) throw missing('payment_method', body.payment_method);
    const pi = this.newPaymentIntent({
      amount: body.amount,
      customer: body.customer,
      payment_method: pm.id,
      metadata: body.metadata ?? {},
      off_session: body.off_session === 'true',
    });
    if (pm.declines) {
      pi.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' };
      throw new StripeApiError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_intent: structuredClone(pi),
      });
    }
    pi.status = 'succeeded';
    return pi;
  }

  private newSubscription(customer: string, price: Json, start: number, metadata: Json): Json {
    const end = start + (price.recurring.interval === 'year' ? 365 : 30) * DAY;
    return this.put(this.subscriptions, {
      id: id('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      metadata,
      schedule: null,
      default_payment_method: null,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: end,
          },
        ],
      },
    });
  }

  private line(price: Json, amount: number, start: number, end: number, proration: boolean): Json {
    return {
      id: id('il'),
      object: 'line_item',
      amount,
      currency: 'eur',
      period: { start, end },
      pricing: {
        type: 'price_details',
        price_details: { price: price.id, product: price.product },
        unit_amount_decimal: String(price.unit_amount),
      },
      parent: { type: 'subscription_item_details', subscription_item_details: { proration } },
      metadata: {},
    };
  }

  private newInvoice(sub: Json, reason: string, lines: Json[], discount = 0): Json {
    const subtotal = lines.reduce((sum, l) => sum + Number(l.amount), 0);
    const invoice = this.put(this.invoices, {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status: 'paid',
      billing_reason: reason,
      amount_due: subtotal - discount,
      amount_paid: subtotal - discount,
      total_discount_amounts: discount ? [{ amount: discount, discount: id('di') }] : [],
      invoice_pdf: null,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
      },
      lines: { object: 'list', data: lines },
    });
    invoice.invoice_pdf = `https://pay.stripe.com/invoice/${invoice.id}/pdf`;
    if (invoice.amount_paid > 0) {
      // As Stripe pays an invoice: a PaymentIntent, listed among the invoice's payments.
      const pi = this.newPaymentIntent({
        amount: invoice.amount_paid,
        customer: sub.customer,
        status: 'succeeded',
      });
      this.put(this.invoicePayments, {
        id: id('inpay'),
        object: 'invoice_payment',
        amount_paid: invoice.amount_paid,
        amount_requested: invoice.amount_paid,
        created: now(),
        currency: 'eur',
        invoice: invoice.id,
        is_default: true,
        livemode: false,
        payment: { type: 'payment_intent', payment_intent: pi.id },
        status: 'paid',
        status_transitions: { canceled_at: null, paid_at: now() },
      });
    }
    return invoice;
  }

  private updateSubscription(sub: Json, body: Json): Json {
    if (body.cancel_at_period_end !== undefined) {
      if (sub.schedule) {
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          message: 'The subscription is managed by a subscription schedule.',
        });
      }
      sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
    }
    if (body.metadata) sub.metadata = { ...sub.metadata, ...body.metadata };
    if (body.items) {
      const item = sub.items.data.find((i: Json) => i.id === body.items[0].id);
      if (!item) throw missing('subscription_item', body.items[0].id);
      const old = item.price;
      const price = body.items[0].price
        ? this.get(this.prices, 'price', body.items[0].price)
        : this.newPrice(body.items[0].price_data);
      const t = now();
      if (body.proration_behavior === 'always_invoice') {
        const pm = this.paymentMethods.get(sub.default_payment_method);
        if (pm?.declines) {
          throw new StripeApiError(402, {
            type: 'card_error',
            code: 'card_declined',
            message: 'Your card was declined.',
          });
        }
        const newInterval = price.recurring.interval !== old.recurring.interval;
        const { current_period_start: start, current_period_end: end } = item;
        const unused = Math.round((old.unit_amount * (end - t)) / Math.max(1, end - start));
        const credit = this.line(old, -unused, t, end, true);
        if (newInterval) {
          item.current_period_start = t;
          item.current_period_end = t + (price.recurring.interval === 'year' ? 365 : 30) * DAY;
        }
        const charged = newInterval
          ? this.line(price, price.unit_amount, t, item.current_period_end, false)
          : this.line(
              price,
              Math.round((price.unit_amount * (end - t)) / Math.max(1, end - start)),
              t,
              end,
              true,
            );
        item.price = price;
        this.newInvoice(sub, 'subscription_update', [credit, charged]);
      } else {
        item.price = price;
      }
    }
    return sub;
  }

  private newSchedule(body: Json): Json {
    const sub = this.get(this.subscriptions, 'subscription', body.from_subscription);
    if (sub.schedule)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'Subscription already has a schedule.',
      });
    const item = sub.items.data[0];
    const schedule = this.put(this.schedules, {
      id: id('sub_sched'),
      object: 'subscription_schedule',
      subscription: sub.id,
      status: 'active',
      end_behavior: 'release',
      phases: [
        {
          start_date: item.current_period_start,
          end_date: item.current_period_end,
          items: [{ price: item.price.id, quantity: 1 }],
          metadata: {},
        },
      ],
    });
    sub.schedule = schedule.id;
    return schedule;
  }
}
