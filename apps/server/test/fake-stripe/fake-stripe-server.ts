import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { parseForm, type FormValue } from './form-body';
import { FakeStripeBooks, StripeApiError } from './fake-stripe-books';

/*
 * A local fake of the part of Stripe's HTTP API the app calls (the network edge: the real SDK
 * talks to it over HTTP, pointed here with host/port/protocol). Webhooks are signed with the
 * SDK's own generateTestHeaderString and handed to whatever the test delivers them to.
 */

type Params = Record<string, FormValue>;
type Obj = Record<string, unknown> & { id: string; object: string };
type Handler = (match: RegExpMatchArray, params: Params) => unknown;

const str = (value: FormValue | undefined) => (typeof value === 'string' ? value : undefined);
const list = (data: unknown[], hasMore = false) => ({ object: 'list', data, has_more: hasMore });
/** `metadata[key]=value` pairs; Stripe keeps strings only. */
const stringsOf = (value: FormValue | undefined): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    : {};

export interface FakeStripeOptions {
  prices: Record<string, { amount: number; currency: string }>;
  webhookSecret: string;
}

export class FakeStripe {
  readonly books: FakeStripeBooks;
  private server: Server | null = null;
  private readonly idempotent = new Map<string, { status: number; body: string }>();
  private delivered = 0;
  /** How many API requests arrived, by "METHOD /path" (ids replaced by :id). */
  readonly requests = new Map<string, number>();

  constructor(readonly options: FakeStripeOptions) {
    this.books = new FakeStripeBooks(options.prices);
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('fake Stripe is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Signs and hands every event not yet delivered to `deliver` (in order, or as `order` says). */
  async deliverEvents(
    deliver: (payload: string, signature: string) => Promise<number>,
    order: (events: FakeStripeBooks['events']) => FakeStripeBooks['events'] = (events) => events,
  ): Promise<number[]> {
    const pending = order(this.books.events.slice(this.delivered));
    this.delivered = this.books.events.length;
    const statuses: number[] = [];
    for (const event of pending) {
      const payload = this.eventPayload(event);
      statuses.push(await deliver(payload, this.sign(payload)));
    }
    return statuses;
  }

  eventPayload(event: FakeStripeBooks['events'][number]): string {
    return JSON.stringify({
      id: event.id,
      object: 'event',
      type: event.type,
      api_version: Stripe.API_VERSION,
      created: this.books.now,
      data: { object: this.publicView(event.object) },
    });
  }

  sign(payload: string, secret = this.options.webhookSecret): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret });
  }

  /** What the API shows of an object (internal bookkeeping fields stay here). */
  private publicView(value: Obj): Obj {
    return JSON.parse(
      JSON.stringify(value, (key, field: unknown) => (key.startsWith('_') ? undefined : field)),
    ) as Obj;
  }

  private includable(value: Obj, key: string): unknown {
    const books = this.books;
    if (value.object === 'invoice' && key === 'confirmation_secret') {
      const intent = value._intent ? books.get(String(value._intent)) : null;
      return intent && value.status === 'open'
        ? { client_secret: intent.client_secret, type: 'payment_intent' }
        : null;
    }
    if (value.object === 'invoice' && key === 'payments') {
      if (!value._intent) return list([]);
      return list([
        {
          id: `inpay_${value.id}`,
          object: 'invoice_payment',
          invoice: value.id,
          is_default: true,
          status: value.status === 'paid' ? 'paid' : 'open',
          payment: { type: 'payment_intent', payment_intent: value._intent },
        },
      ]);
    }
    return undefined;
  }

  private expandPath(value: unknown, path: string[]): unknown {
    if (path.length === 0 || value === null || typeof value !== 'object') return value;
    const [head, ...rest] = path as [string, ...string[]];
    const record = value as Obj;
    if (record.object === 'list' && head === 'data') {
      return {
        ...record,
        data: (record.data as unknown[]).map((item) => this.expandPath(item, rest)),
      };
    }
    let field = record[head];
    if (field === undefined) field = this.includable(record, head);
    if (typeof field === 'string') field = { ...this.books.get(field) };
    return { ...record, [head]: this.expandPath(field, rest) };
  }

  /** The object as the API answers it, with the `expand` paths asked for filled in. */
  private view(value: Obj, params: Params): Obj {
    const expand = params.expand;
    const paths = Array.isArray(expand) ? expand.map(String) : [];
    // Expanded from the bookkeeping copy: includable fields are computed from what it hides.
    let out: unknown = { ...value };
    for (const path of paths) out = this.expandPath(out, path.split('.'));
    return this.publicView(out as Obj);
  }

  /** One page of a list, newest first, after `starting_after` (Stripe's cursor). */
  private page(all: Obj[], params: Params) {
    const after = str(params.starting_after);
    const from = after ? all.findIndex((o) => o.id === after) + 1 : 0;
    const limit = Number(str(params.limit) ?? 10);
    const page = all.slice(from, from + limit);
    return list(
      page.map((o) => this.view(o, params)),
      from + limit < all.length,
    );
  }

  private routes(): [string, RegExp, Handler][] {
    const b = this.books;
    const one = (object: string) => (m: RegExpMatchArray, p: Params) =>
      this.view(b.get(m[1] ?? '', object), p);
    return [
      [
        'POST',
        /^\/v1\/customers$/,
        (_m, p) => this.view(b.createCustomer({ name: str(p.name), email: str(p.email) }), p),
      ],
      ['GET', /^\/v1\/customers\/([^/]+)$/, one('customer')],
      [
        'POST',
        /^\/v1\/customers\/([^/]+)$/,
        (m, p) => {
          const customer = b.get(m[1] ?? '', 'customer');
          const settings = p.invoice_settings as Params | undefined;
          const method = str(settings?.default_payment_method);
          if (method) {
            const found = b.get(method, 'payment_method');
            if (found.customer !== customer.id)
              throw new StripeApiError(400, {
                type: 'invalid_request_error',
                message: 'The payment method is not attached to this customer.',
                param: 'invoice_settings[default_payment_method]',
              });
            customer.invoice_settings = { default_payment_method: method };
          }
          return this.view(customer, p);
        },
      ],
      [
        'GET',
        /^\/v1\/payment_methods\/([^/]+)$/,
        (m, p) => this.view(b.paymentMethod(m[1] ?? ''), p),
      ],
      [
        'POST',
        /^\/v1\/payment_methods\/([^/]+)\/attach$/,
        (m, p) => this.view(b.attach(m[1] ?? '', str(p.customer) ?? ''), p),
      ],
      [
        'GET',
        /^\/v1\/setup_intents$/,
        (_m, p) =>
          list(
            [...b.objects.values()]
              .filter(
                (o) =>
                  o.object === 'setup_intent' &&
                  o.customer === str(p.customer) &&
                  (!p.payment_method || o.payment_method === str(p.payment_method)),
              )
              .reverse()
              .slice(0, Number(str(p.limit) ?? 10))
              .map((o) => this.view(o, p)),
          ),
      ],
      [
        'POST',
        /^\/v1\/setup_intents$/,
        (_m, p) =>
          this.view(
            b.createSetupIntent({
              customer: str(p.customer) ?? '',
              payment_method: str(p.payment_method) ?? '',
            }),
            p,
          ),
      ],
      ['GET', /^\/v1\/payment_intents\/([^/]+)$/, one('payment_intent')],
      [
        'POST',
        /^\/v1\/subscriptions$/,
        (_m, p) => {
          const item = (p.items as Params[] | undefined)?.[0];
          return this.view(
            b.createSubscription({
              customer: str(p.customer) ?? '',
              price: str(item?.price) ?? '',
              quantity: Number(str(item?.quantity) ?? 1),
              metadata: stringsOf(p.metadata),
            }),
            p,
          );
        },
      ],
      [
        'GET',
        /^\/v1\/subscriptions$/,
        (_m, p) =>
          this.page(b.listSubscriptions({ customer: str(p.customer), status: str(p.status) }), p),
      ],
      ['GET', /^\/v1\/subscriptions\/([^/]+)$/, one('subscription')],
      [
        'POST',
        /^\/v1\/subscriptions\/([^/]+)$/,
        (m, p) => {
          const id = m[1] ?? '';
          const item = (p.items as Params[] | undefined)?.[0];
          if (item && str(item.price)) {
            b.changePrice(
              id,
              str(item.price) ?? '',
              Number(str(item.quantity) ?? 1),
              str(p.payment_behavior) === 'pending_if_incomplete',
              p.proration_date === undefined ? undefined : Number(str(p.proration_date)),
            );
          }
          if (p.cancel_at_period_end !== undefined)
            b.setCancelAtPeriodEnd(id, str(p.cancel_at_period_end) === 'true');
          // Stripe merges metadata keys into what the subscription holds.
          if (p.metadata) {
            const sub = b.get(id, 'subscription');
            sub.metadata = {
              ...(sub.metadata as Record<string, string>),
              ...stringsOf(p.metadata),
            };
          }
          return this.view(b.get(id, 'subscription'), p);
        },
      ],
      ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (m, p) => this.view(b.cancel(m[1] ?? ''), p)],
      [
        'POST',
        /^\/v1\/subscription_items\/([^/]+)$/,
        (m, p) => b.setQuantity(m[1] ?? '', Number(str(p.quantity) ?? 1)),
      ],
      [
        'POST',
        /^\/v1\/subscription_schedules$/,
        (_m, p) => this.view(b.createSchedule(str(p.from_subscription) ?? ''), p),
      ],
      [
        'POST',
        /^\/v1\/subscription_schedules\/([^/]+)\/release$/,
        (m, p) => this.view(b.releaseSchedule(m[1] ?? ''), p),
      ],
      [
        'POST',
        /^\/v1\/subscription_schedules\/([^/]+)$/,
        (m, p) => this.view(b.updateSchedule(m[1] ?? '', (p.phases ?? []) as never), p),
      ],
      ['GET', /^\/v1\/subscription_schedules\/([^/]+)$/, one('subscription_schedule')],
      [
        'GET',
        /^\/v1\/invoices$/,
        (_m, p) => {
          const all = [...b.objects.values()]
            .filter(
              (o) =>
                o.object === 'invoice' &&
                o.customer === str(p.customer) &&
                (!p.status || o.status === str(p.status)),
            )
            .reverse();
          return this.page(all, p);
        },
      ],
      [
        'POST',
        /^\/v1\/invoices\/create_preview$/,
        (_m, p) => {
          const details = p.subscription_details as Params | undefined;
          const item = (details?.items as Params[] | undefined)?.[0];
          return b.previewChange(
            str(p.subscription) ?? '',
            str(item?.price) ?? '',
            Number(str(item?.quantity) ?? 1),
          );
        },
      ],
      ['GET', /^\/v1\/invoices\/([^/]+)$/, one('invoice')],
      [
        'POST',
        /^\/v1\/invoices\/([^/]+)\/void$/,
        (m, p) => this.view(b.voidInvoice(m[1] ?? ''), p),
      ],
      [
        'POST',
        /^\/v1\/invoices\/([^/]+)\/pay$/,
        (m, p) => this.view(b.payInvoice(m[1] ?? '', str(p.payment_method)), p),
      ],
      [
        'GET',
        /^\/v1\/invoice_payments$/,
        (_m, p) => {
          const invoice = b.get(str(p.invoice) ?? '', 'invoice');
          const payments = this.includable(invoice, 'payments') as { data: unknown[] };
          const paths = Array.isArray(p.expand) ? p.expand.map(String) : [];
          return this.publicView(
            list(
              payments.data.map((payment) =>
                paths.reduce<unknown>(
                  (value, path) => this.expandPath(value, path.replace(/^data\./, '').split('.')),
                  payment,
                ),
              ),
            ) as never,
          );
        },
      ],
    ];
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const params = parseForm(
      request.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString(),
    );
    const method = request.method ?? 'GET';
    const key = request.headers['idempotency-key'];
    const cacheKey = typeof key === 'string' ? `${method} ${url.pathname} ${key}` : null;
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake` });
      response.end(body);
    };
    const cached = cacheKey ? this.idempotent.get(cacheKey) : undefined;
    if (cached) return send(cached.status, cached.body);
    const route = this.routes().find(([m, pattern]) => m === method && pattern.test(url.pathname));
    const label = `${method} ${url.pathname.replace(/\/(cus|pm|seti|pi|in|sub_sched|sub|si)_[A-Za-z0-9_]+/g, '/:id')}`;
    this.requests.set(label, (this.requests.get(label) ?? 0) + 1);
    let status = 200;
    let body: string;
    if (!request.headers.authorization?.startsWith('Bearer sk_test_')) {
      status = 401;
      body = JSON.stringify({
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    } else if (!route) {
      status = 404;
      body = JSON.stringify({
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname})`,
        },
      });
    } else {
      try {
        body = JSON.stringify(route[2](url.pathname.match(route[1]) as RegExpMatchArray, params));
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        status = error.status;
        body = JSON.stringify({ error: error.body });
      }
    }
    if (cacheKey) this.idempotent.set(cacheKey, { status, body });
    send(status, body);
  }
}
