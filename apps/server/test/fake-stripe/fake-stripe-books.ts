import { randomBytes } from 'node:crypto';
import {
  behaviourOf,
  cardBrandOf,
  declineCodeOf,
  type CardBehaviour,
} from '@partner-portal/shared/card';

/*
 * The state of the tests' fake of Stripe's API: Stripe-shaped objects (only the fields the app
 * reads) and the billing rules the app relies on, following Stripe's test cards. Not Stripe:
 * enough of it that the official SDK, pointed here, drives every path the app takes.
 */

type Obj = Record<string, unknown> & { id: string; object: string };
const DAY = 86_400;
const MONTH = 30 * DAY;
/** Stripe retries a failed renewal on these days after it, then cancels (the app's settings). */
const RETRY_DAYS = [1, 3, 5];

/** Stripe's named test payment methods, by the card number each stands for. */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeCustomerFail: '4000000000000341',
};

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const missing = (id: string) =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such object: '${id}'`,
    param: 'id',
  });

function declineError(behaviour: CardBehaviour) {
  const code = declineCodeOf(behaviour) ?? 'card_declined';
  return {
    type: 'card_error',
    code: code === 'expired_card' ? 'expired_card' : 'card_declined',
    decline_code: code === 'card_declined' ? 'generic_decline' : code,
    message: 'Your card was declined.',
  };
}

export interface FakeEvent {
  id: string;
  type: string;
  object: Obj;
}

export class FakeStripeBooks {
  readonly objects = new Map<string, Obj>();
  readonly events: FakeEvent[] = [];
  /** Every payment attempt, for tests that count charges. */
  readonly charges: { intent: string; amount: number; outcome: string }[] = [];
  now = Math.floor(Date.now() / 1000);
  private counter = 0;
  private invoiceNumber = 0;

  constructor(readonly prices: Record<string, { amount: number; currency: string }>) {}

  id(prefix: string) {
    this.counter += 1;
    return `${prefix}_${randomBytes(6).toString('hex')}${this.counter}`;
  }

  get<T extends Obj = Obj>(id: string, object?: string): T {
    const found = this.objects.get(id);
    if (!found || (object && found.object !== object)) throw missing(id);
    return found as T;
  }

  private put<T extends Obj>(value: T): T {
    this.objects.set(value.id, value);
    return value;
  }

  emit(type: string, object: Obj) {
    this.events.push({ id: this.id('evt'), type, object: structuredClone(object) });
  }

  // Customers and cards

  createCustomer(params: { name?: string; email?: string }) {
    return this.put({
      id: this.id('cus'),
      object: 'customer',
      name: params.name ?? null,
      email: params.email ?? null,
      invoice_settings: { default_payment_method: null as string | null },
    });
  }

  /** A test payment method name makes a new card, as attaching `pm_card_visa` does on Stripe. */
  paymentMethod(token: string): Obj {
    const existing = this.objects.get(token);
    if (existing) return existing;
    const number = TEST_PAYMENT_METHODS[token];
    if (!number) throw missing(token);
    return this.put({
      id: this.id('pm'),
      object: 'payment_method',
      type: 'card',
      customer: null as string | null,
      card: { brand: cardBrandOf(number), last4: number.slice(-4), exp_month: 12, exp_year: 2034 },
      _behaviour: behaviourOf(number),
      _setUp: false,
    });
  }

  attach(token: string, customer: string) {
    this.get(customer, 'customer');
    const method = this.paymentMethod(token);
    if (method.customer && method.customer !== customer) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'The payment method is attached to another customer.',
        param: 'payment_method',
      });
    }
    method.customer = customer;
    return method;
  }

  createSetupIntent(params: { customer: string; payment_method: string }) {
    const method = this.get(params.payment_method, 'payment_method');
    const behaviour = method._behaviour as CardBehaviour;
    const setup = this.put({
      id: this.id('seti'),
      object: 'setup_intent',
      customer: params.customer,
      payment_method: method.id,
      status: 'succeeded',
      client_secret: '',
      last_setup_error: null as Record<string, unknown> | null,
    });
    setup.client_secret = `${setup.id}_secret_${randomBytes(8).toString('hex')}`;
    if (declineCodeOf(behaviour)) {
      setup.status = 'requires_payment_method';
      setup.last_setup_error = declineError(behaviour);
      throw new StripeApiError(402, { ...declineError(behaviour), setup_intent: setup });
    }
    if (behaviour === 'authenticate_first' || behaviour === 'authenticate_always') {
      setup.status = 'requires_action';
    } else {
      method._setUp = true;
    }
    return setup;
  }

  // Invoices and payments

  private subscriptionItem(sub: Obj) {
    const items = sub.items as { data: Obj[] };
    const item = items.data[0];
    if (!item) throw new Error('subscription without item');
    return item as Obj & { price: { id: string; unit_amount: number }; quantity: number };
  }

  private priceObject(id: string) {
    const price = this.prices[id];
    if (!price) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: `No such price: '${id}'`,
        param: 'price',
      });
    }
    return { id, object: 'price', unit_amount: price.amount, currency: price.currency };
  }

  private line(
    description: string,
    amount: number,
    quantity: number,
    period: [number, number],
    proration: boolean,
  ) {
    return {
      id: this.id('il'),
      object: 'line_item',
      amount,
      currency: 'usd',
      description,
      quantity,
      pricing: { unit_amount_decimal: String(Math.round(amount / Math.max(1, quantity))) },
      period: { start: period[0], end: period[1] },
      parent: { type: 'subscription_item_details', subscription_item_details: { proration } },
    };
  }

  private createInvoice(
    sub: Obj,
    lines: ReturnType<FakeStripeBooks['line']>[],
    offSession: boolean,
  ) {
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    this.invoiceNumber += 1;
    const invoice = this.put({
      id: this.id('in'),
      object: 'invoice',
      customer: sub.customer,
      number: `FAKE-${String(this.invoiceNumber).padStart(4, '0')}`,
      status: 'open',
      currency: 'usd',
      created: this.now,
      total,
      subtotal: total,
      amount_due: total,
      amount_paid: 0,
      amount_remaining: total,
      period_start: this.now,
      period_end: this.now,
      status_transitions: { finalized_at: this.now, paid_at: null as number | null },
      lines: { object: 'list', data: lines, has_more: false },
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
      invoice_pdf: `https://pay.stripe.test/invoice/${this.invoiceNumber}/pdf`,
      next_payment_attempt: null as number | null,
      attempt_count: 0,
      _intent: null as string | null,
    });
    sub.latest_invoice = invoice.id;
    if (total <= 0) {
      this.markPaid(invoice);
      return invoice;
    }
    const customer = this.get(String(sub.customer), 'customer');
    const settings = customer.invoice_settings as { default_payment_method: string | null };
    const intent = this.put({
      id: this.id('pi'),
      object: 'payment_intent',
      amount: total,
      currency: 'usd',
      customer: sub.customer,
      status: 'requires_confirmation',
      client_secret: '',
      payment_method: settings.default_payment_method,
      last_payment_error: null as Record<string, unknown> | null,
      invoice: invoice.id,
    });
    intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString('hex')}`;
    invoice._intent = intent.id;
    this.attempt(invoice, offSession);
    return invoice;
  }

  private markPaid(invoice: Obj) {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.total;
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    (invoice.status_transitions as { paid_at: number | null }).paid_at = this.now;
    this.emit('invoice.paid', invoice);
  }

  /** Charges the invoice's payment intent with its card, as the card's test number says. */
  private attempt(invoice: Obj, offSession: boolean, methodId?: string) {
    const intent = this.get(String(invoice._intent), 'payment_intent');
    if (methodId) intent.payment_method = methodId;
    const method = intent.payment_method ? this.get(String(intent.payment_method)) : null;
    const behaviour = (method?._behaviour ?? 'decline_card_declined') as CardBehaviour;
    invoice.attempt_count = Number(invoice.attempt_count) + 1;
    let outcome: 'paid' | 'action' | 'declined';
    if (declineCodeOf(behaviour) || (behaviour === 'fail_renewals' && offSession))
      outcome = 'declined';
    else if (behaviour === 'authenticate_always') outcome = 'action';
    else if (behaviour === 'authenticate_first' && !offSession && !method?._setUp)
      outcome = 'action';
    else outcome = 'paid';
    this.charges.push({ intent: intent.id, amount: Number(intent.amount), outcome });
    if (outcome === 'paid') {
      intent.status = 'succeeded';
      intent.last_payment_error = null;
      this.markPaid(invoice);
    } else if (outcome === 'action') {
      intent.status = 'requires_action';
      this.emit('invoice.payment_action_required', invoice);
    } else {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = declineError(
        behaviour === 'fail_renewals' ? 'decline_card_declined' : behaviour,
      );
      this.emit('invoice.payment_failed', invoice);
    }
    return outcome;
  }

  /** Stripe.js's 3-D Secure step: the cardholder completes or fails the challenge. */
  authenticate(clientSecret: string, outcome: 'complete' | 'fail') {
    const target = [...this.objects.values()].find(
      (value) => value.client_secret === clientSecret && value.status === 'requires_action',
    );
    if (!target) throw new Error('nothing waits for authentication with this secret');
    if (target.object === 'setup_intent') {
      target.status = outcome === 'complete' ? 'succeeded' : 'requires_payment_method';
      if (outcome === 'complete') this.get(String(target.payment_method))._setUp = true;
      return target.status;
    }
    const invoice = this.get(String(target.invoice), 'invoice');
    if (outcome === 'fail') {
      target.status = 'requires_payment_method';
      target.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'The provided PaymentMethod has failed authentication.',
      };
      this.emit('invoice.payment_failed', invoice);
      return target.status;
    }
    target.status = 'succeeded';
    this.markPaid(invoice);
    this.invoicePaid(invoice);
    return target.status;
  }

  /** What a paid invoice does to its subscription. */
  private invoicePaid(invoice: Obj) {
    const sub = this.subscriptionOfInvoice(invoice);
    const pending = sub.pending_update as { subscription_items: Obj[] } | null;
    if (pending) {
      (sub.items as { data: Obj[] }).data = pending.subscription_items;
      sub.pending_update = null;
    }
    if (sub.status !== 'active') {
      sub.status = 'active';
      sub._retries = 0;
    }
    this.emit('customer.subscription.updated', sub);
  }

  /** As on Stripe, a voided invoice's payment can no longer be confirmed. */
  private voidOpen(invoice: Obj) {
    invoice.status = 'void';
    invoice.next_payment_attempt = null;
    if (invoice._intent) this.get(String(invoice._intent), 'payment_intent').status = 'canceled';
  }

  /** A voided upgrade invoice takes its pending change with it. */
  voidInvoice(id: string) {
    const invoice = this.get(id, 'invoice');
    if (invoice.status !== 'open') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'Only open invoices can be voided.',
      });
    }
    this.voidOpen(invoice);
    const sub = this.subscriptionOfInvoice(invoice);
    if (sub.pending_update) {
      sub.pending_update = null;
      this.emit('customer.subscription.updated', sub);
    }
    this.emit('invoice.voided', invoice);
    return invoice;
  }

  payInvoice(id: string, methodId: string | undefined) {
    const invoice = this.get(id, 'invoice');
    if (invoice.status !== 'open') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'Invoice is already paid.',
      });
    }
    const outcome = this.attempt(invoice, true, methodId);
    if (outcome === 'paid') this.invoicePaid(invoice);
    else {
      const intent = this.get(String(invoice._intent));
      throw new StripeApiError(402, {
        ...(intent.last_payment_error as object),
        payment_intent: intent,
      });
    }
    return invoice;
  }

  // Subscriptions

  createSubscription(params: {
    customer: string;
    price: string;
    quantity: number;
    metadata?: Record<string, string>;
  }) {
    this.get(params.customer, 'customer');
    const sub = this.put({
      id: this.id('sub'),
      object: 'subscription',
      customer: params.customer,
      metadata: { ...params.metadata },
      status: 'incomplete',
      cancel_at_period_end: false,
      canceled_at: null as number | null,
      created: this.now,
      items: {
        object: 'list',
        data: [
          {
            id: this.id('si'),
            object: 'subscription_item',
            price: this.priceObject(params.price),
            quantity: params.quantity,
            current_period_start: this.now,
            current_period_end: this.now + MONTH,
          },
        ],
      },
      latest_invoice: null as string | null,
      pending_update: null as unknown,
      schedule: null as string | null,
      _retries: 0,
      _prorations: [] as ReturnType<FakeStripeBooks['line']>[],
    });
    const item = this.subscriptionItem(sub);
    const invoice = this.createInvoice(
      sub,
      [
        this.line(
          params.price,
          item.price.unit_amount * params.quantity,
          params.quantity,
          [this.now, this.now + MONTH],
          false,
        ),
      ],
      false,
    );
    if (invoice.status === 'paid') sub.status = 'active';
    this.emit('customer.subscription.created', sub);
    return sub;
  }

  /**
   * GET /v1/subscriptions as Stripe answers it: newest first, a customer's only; without a
   * status, every one not canceled (`ended`: canceled or expired; `all`: every one).
   */
  listSubscriptions(params: { customer?: string; status?: string }) {
    const ended = ['canceled', 'incomplete_expired'];
    const wanted = (status: string) => {
      if (params.status === 'all') return true;
      if (params.status === 'ended') return ended.includes(status);
      if (params.status) return status === params.status;
      return status !== 'canceled';
    };
    return [...this.objects.values()]
      .filter(
        (value) =>
          value.object === 'subscription' &&
          (!params.customer || value.customer === params.customer) &&
          wanted(String(value.status)),
      )
      .reverse();
  }

  private requireLive(sub: Obj) {
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'You cannot update a subscription that is `canceled` or `incomplete_expired`.',
      });
    }
  }

  private refuseScheduled(sub: Obj, message: string) {
    if (sub.schedule) throw new StripeApiError(400, { type: 'invalid_request_error', message });
  }

  /** The part of the item's period still to come (what prorations charge or credit). */
  private shareLeft(item: Obj) {
    const end = Number(item.current_period_end);
    return Math.max(0, end - this.now) / (end - Number(item.current_period_start));
  }

  private subscriptionOfInvoice(invoice: Obj) {
    const parent = invoice.parent as { subscription_details: { subscription: string } };
    return this.get(parent.subscription_details.subscription, 'subscription');
  }

  /** The two proration lines of moving `sub` to `price` at `at` (Stripe's proration date). */
  private changeLines(sub: Obj, price: string, quantity: number, at: number) {
    const item = this.subscriptionItem(sub);
    const start = Number(item.current_period_start);
    const end = Number(item.current_period_end);
    if (at < start || at > this.now) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'proration_date must be within the current period and not in the future.',
        param: 'proration_date',
      });
    }
    const share = Math.max(0, end - at) / (end - start);
    const unit = Number(this.priceObject(price).unit_amount);
    const credit = -Math.round(Number(item.price.unit_amount) * item.quantity * share);
    const charge = Math.round(unit * quantity * share);
    return [
      this.line(`Unused time on ${item.price.id}`, credit, item.quantity, [at, end], true),
      this.line(`Remaining time on ${price}`, charge, quantity, [at, end], true),
    ];
  }

  /** POST /v1/invoices/create_preview for a price change: the invoice it would make, unsaved. */
  previewChange(id: string, price: string, quantity: number) {
    const sub = this.get(id, 'subscription');
    this.requireLive(sub);
    const lines = [
      // Seat prorations still pending ride along, as on Stripe; they start earlier.
      ...(sub._prorations as ReturnType<FakeStripeBooks['line']>[]),
      ...this.changeLines(sub, price, quantity, this.now),
    ];
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    return {
      id: `upcoming_${id}`,
      object: 'invoice',
      customer: sub.customer,
      currency: 'usd',
      total,
      amount_due: Math.max(0, total),
      lines: { object: 'list', data: lines, has_more: false },
    };
  }

  /** A new price now: the unused share of the old one credited, the new one charged at once. */
  changePrice(
    id: string,
    price: string,
    quantity: number,
    pendingIfIncomplete: boolean,
    prorationDate: number = this.now,
  ) {
    const sub = this.get(id, 'subscription');
    this.requireLive(sub);
    this.refuseScheduled(sub, 'The subscription is managed by a subscription schedule.');
    const item = this.subscriptionItem(sub);
    const next = { ...item, price: this.priceObject(price), quantity };
    const lines = this.changeLines(sub, price, quantity, prorationDate);
    if (pendingIfIncomplete)
      sub.pending_update = { subscription_items: [next], expires_at: this.now + DAY };
    else (sub.items as { data: Obj[] }).data = [next];
    const invoice = this.createInvoice(sub, lines, false);
    if (invoice.status === 'paid') this.invoicePaid(invoice);
    else this.emit('customer.subscription.updated', sub);
    return sub;
  }

  setQuantity(itemId: string, quantity: number) {
    const sub = [...this.objects.values()].find(
      (value) =>
        value.object === 'subscription' &&
        (value.items as { data: Obj[] }).data.some((i) => i.id === itemId),
    );
    if (!sub) throw missing(itemId);
    this.requireLive(sub);
    const item = this.subscriptionItem(sub);
    const end = Number(item.current_period_end);
    const share = this.shareLeft(item);
    const unit = Number(item.price.unit_amount);
    (sub._prorations as unknown[]).push(
      this.line(
        `Seats ${item.quantity} → ${quantity}`,
        Math.round(unit * (quantity - item.quantity) * share),
        quantity - item.quantity,
        [this.now, end],
        true,
      ),
    );
    item.quantity = quantity;
    this.emit('customer.subscription.updated', sub);
    return item;
  }

  setCancelAtPeriodEnd(id: string, cancel: boolean) {
    const sub = this.get(id, 'subscription');
    this.requireLive(sub);
    this.refuseScheduled(sub, 'The subscription is managed by a subscription schedule.');
    sub.cancel_at_period_end = cancel;
    this.emit('customer.subscription.updated', sub);
    return sub;
  }

  cancel(id: string) {
    const sub = this.get(id, 'subscription');
    this.requireLive(sub);
    sub.status = sub.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
    sub.canceled_at = this.now;
    if (sub.latest_invoice) {
      const invoice = this.get(String(sub.latest_invoice), 'invoice');
      if (invoice.status === 'open') this.voidOpen(invoice);
    }
    this.releaseOf(sub);
    this.emit('customer.subscription.deleted', sub);
    return sub;
  }

  // Schedules

  createSchedule(subscriptionId: string) {
    const sub = this.get(subscriptionId, 'subscription');
    this.requireLive(sub);
    this.refuseScheduled(sub, 'The subscription already has a schedule.');
    const item = this.subscriptionItem(sub);
    const schedule = this.put({
      id: this.id('sub_sched'),
      object: 'subscription_schedule',
      subscription: sub.id,
      status: 'active',
      end_behavior: 'release',
      phases: [
        {
          start_date: item.current_period_start,
          end_date: item.current_period_end,
          items: [{ price: item.price.id, quantity: item.quantity }],
        },
      ] as {
        start_date: number;
        end_date: number | null;
        items: { price: string; quantity: number }[];
      }[],
    });
    sub.schedule = schedule.id;
    return schedule;
  }

  updateSchedule(
    id: string,
    phases: {
      start_date?: string;
      end_date?: string;
      items: { price: string; quantity?: string }[];
    }[],
  ) {
    const schedule = this.get(id, 'subscription_schedule');
    let start = Number((schedule.phases as { start_date: number }[])[0]?.start_date);
    schedule.phases = phases.map((phase, index) => {
      const startDate = phase.start_date ? Number(phase.start_date) : start;
      const endDate = phase.end_date
        ? Number(phase.end_date)
        : index < phases.length - 1
          ? startDate + MONTH
          : null;
      for (const item of phase.items) this.priceObject(item.price);
      start = endDate ?? start;
      return {
        start_date: startDate,
        end_date: endDate,
        items: phase.items.map((item) => ({
          price: item.price,
          quantity: Number(item.quantity ?? 1),
        })),
      };
    });
    return schedule;
  }

  private releaseOf(sub: Obj) {
    if (!sub.schedule) return;
    const schedule = this.get(String(sub.schedule), 'subscription_schedule');
    schedule.status = 'released';
    sub.schedule = null;
  }

  releaseSchedule(id: string) {
    const schedule = this.get(id, 'subscription_schedule');
    this.releaseOf(this.get(String(schedule.subscription), 'subscription'));
    return schedule;
  }

  // The test clock

  /** Moves time forward, renewing, retrying and cancelling as Stripe would on the way. */
  advance(seconds: number) {
    const target = this.now + seconds;
    for (;;) {
      const due = this.nextDue(target);
      if (!due) break;
      this.now = Math.max(this.now, due.at);
      due.run();
    }
    this.now = target;
  }

  private nextDue(target: number): { at: number; run: () => void } | null {
    let best: { at: number; run: () => void } | null = null;
    for (const value of this.objects.values()) {
      if (
        value.object === 'subscription' &&
        ['active', 'past_due'].includes(String(value.status))
      ) {
        const end = Number(this.subscriptionItem(value).current_period_end);
        if (end <= target && (!best || end < best.at))
          best = { at: end, run: () => this.renew(value) };
      }
      if (value.object === 'subscription' && value.status === 'incomplete') {
        const expiry = Number(value.created) + 23 * 3600;
        if (expiry <= target && (!best || expiry < best.at))
          best = { at: expiry, run: () => this.cancel(value.id) };
      }
      if (value.object === 'invoice' && value.status === 'open' && value.next_payment_attempt) {
        const at = Number(value.next_payment_attempt);
        if (at <= target && (!best || at < best.at)) best = { at, run: () => this.retry(value) };
      }
    }
    return best;
  }

  private renew(sub: Obj) {
    if (sub.cancel_at_period_end) {
      sub.status = 'canceled';
      sub.canceled_at = this.now;
      this.emit('customer.subscription.deleted', sub);
      return;
    }
    if (sub.status === 'past_due') {
      // Still unpaid at the period end: Stripe's settings here end it.
      this.cancel(sub.id);
      return;
    }
    const item = this.subscriptionItem(sub);
    if (sub.schedule) {
      const schedule = this.get(String(sub.schedule), 'subscription_schedule');
      const phases = schedule.phases as {
        start_date: number;
        items: { price: string; quantity: number }[];
      }[];
      const next = phases.find((phase) => phase.start_date >= Number(item.current_period_end));
      if (next?.items[0]) {
        item.price = this.priceObject(next.items[0].price) as never;
        item.quantity = next.items[0].quantity;
      }
      this.releaseOf(sub);
    }
    const start = Number(item.current_period_end);
    item.current_period_start = start;
    item.current_period_end = start + MONTH;
    const unit = Number(item.price.unit_amount);
    const lines = [
      ...(sub._prorations as ReturnType<FakeStripeBooks['line']>[]),
      this.line(item.price.id, unit * item.quantity, item.quantity, [start, start + MONTH], false),
    ];
    sub._prorations = [];
    const invoice = this.createInvoice(sub, lines, true);
    if (invoice.status === 'paid') {
      this.emit('customer.subscription.updated', sub);
      return;
    }
    sub.status = 'past_due';
    sub._retries = 0;
    invoice.next_payment_attempt = this.now + (RETRY_DAYS[0] ?? 1) * DAY;
    this.emit('customer.subscription.updated', sub);
  }

  private retry(invoice: Obj) {
    const sub = this.subscriptionOfInvoice(invoice);
    const intent = this.get(String(invoice._intent), 'payment_intent');
    if (intent.status === 'requires_action') {
      invoice.next_payment_attempt = null;
      return;
    }
    const outcome = this.attempt(invoice, true);
    if (outcome === 'paid') {
      this.invoicePaid(invoice);
      return;
    }
    sub._retries = Number(sub._retries) + 1;
    const nextDay = RETRY_DAYS[Number(sub._retries)];
    if (nextDay === undefined) {
      invoice.next_payment_attempt = null;
      this.cancel(sub.id);
      return;
    }
    const first = Number((invoice.status_transitions as { finalized_at: number }).finalized_at);
    invoice.next_payment_attempt = first + nextDay * DAY;
  }
}
