import Stripe from 'stripe';
import type { PlanId } from '@partner-portal/shared/plans';
import type {
  BillingProvider,
  CardChange,
  SubscriptionSnapshot,
} from '../../../lib/billing-provider';
import { PaymentError } from '../payment-error';
import { callStripe, paymentCodeOf } from './stripe-errors';
import type { StripePrices } from './stripe-prices';
import { membersMetadata, membersOf, quantityFor } from './stripe-seats';
import {
  cardOf,
  idOf,
  invoiceDocumentOf,
  invoiceSummaryOf,
  planOf,
  snapshotOf,
  SUBSCRIPTION_EXPAND,
} from './stripe-snapshot';

/*
 * Stripe behind the app's provider interface (docs/billing.md "Stripe"). A card token is a
 * PaymentMethod id made by Stripe.js in the browser: card numbers never reach this server.
 * Every call that creates or charges carries an idempotency key, so the SDK's own retries and
 * the app's repeated calls charge once.
 */

/** The subscription's metadata key that holds the idempotency key of the call that made it. */
const ATTEMPT_METADATA_KEY = 'attempt';
/** A customer has one subscription per attempt; far more than any account ever makes. */
const MAX_SUBSCRIPTIONS_SEARCHED = 1_000;

export interface StripeProviderOptions {
  stripe: Stripe;
  publishableKey: string;
  prices: StripePrices;
}

export function createStripeProvider({
  stripe,
  publishableKey,
  prices,
}: StripeProviderOptions): BillingProvider {
  const priceOf = (plan: PlanId) => {
    const price = prices[plan];
    // Boot checked STRIPE_PRICES for every paid plan; the free plan is never sold through Stripe.
    if (!price) throw new Error(`No Stripe price for plan ${plan}`);
    return price;
  };

  async function read(id: string) {
    const subscription = await stripe.subscriptions.retrieve(id, { expand: SUBSCRIPTION_EXPAND });
    return snapshotOf(stripe, prices, subscription);
  }

  /**
   * The subscription as the app sees it. A first payment or an upgrade whose payment failed on
   * the cardholder's side (3-D Secure refused) ends here, as on the built-in processor: the
   * attempt is cancelled, or the upgrade's invoice voided (which drops the pending change), so
   * the next attempt starts clean. A failed renewal is left to Stripe's retries.
   */
  const snapshot = async (id: string): Promise<SubscriptionSnapshot> => {
    let current = await read(id);
    const refused = current.waitingPayment?.state === 'requires_payment_method';
    if (refused && current.status === 'incomplete') {
      await stripe.subscriptions.cancel(id);
      current = await read(id);
    } else if (refused && current.pendingPlan && current.latestInvoiceId) {
      await stripe.invoices.voidInvoice(current.latestInvoiceId);
      current = await read(id);
    }
    const { lastError: _error, latestInvoiceId: _invoice, ...answer } = current;
    return answer;
  };

  /** A schedule that moves the plan at the period end is let go: the subscription stays as is. */
  async function releaseSchedule(subscription: Stripe.Subscription) {
    const schedule = subscription.schedule;
    if (!schedule) return;
    const id = typeof schedule === 'string' ? schedule : schedule.id;
    await stripe.subscriptionSchedules.release(id);
  }

  /**
   * An upgrade still waiting for its cardholder is replaced, not paid on top of the new one:
   * voiding its invoice discards the pending update and cancels its payment, so approving the
   * old page late charges nothing (as `dropPendingUpgrade` on the built-in processor).
   */
  async function dropPendingUpdate(subscription: Stripe.Subscription) {
    const invoiceId = idOf(subscription.latest_invoice);
    if (!subscription.pending_update || !invoiceId) return;
    const invoice = await stripe.invoices.retrieve(invoiceId);
    if (invoice.status === 'open') await stripe.invoices.voidInvoice(invoiceId);
  }

  async function retrieveRaw(id: string) {
    return stripe.subscriptions.retrieve(id, { expand: ['schedule'] });
  }

  /** Makes the card the customer's default; answers whether another card was the default. */
  async function setDefault(customerId: string, paymentMethodId: string): Promise<boolean> {
    const customer = await stripe.customers.retrieve(customerId);
    const current = customer.deleted ? null : customer.invoice_settings.default_payment_method;
    if ((typeof current === 'string' ? current : current?.id) === paymentMethodId) return false;
    await stripe.customers.update(customerId, {
      invoice_settings: { default_payment_method: paymentMethodId },
    });
    return true;
  }

  /** The card's own PaymentMethod on this customer (attaching twice is harmless; another's is not). */
  async function attach(customerId: string, token: string) {
    if (!/^pm_[A-Za-z0-9_]+$/.test(token)) throw new PaymentError('invalid_token');
    const method = await callStripe(() => stripe.paymentMethods.retrieve(token));
    const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
    if (owner && owner !== customerId) throw new PaymentError('invalid_token');
    if (owner === customerId) return method;
    return callStripe(() => stripe.paymentMethods.attach(token, { customer: customerId }));
  }

  /** Pays the customer's open renewal invoices with the new default card, where it can. */
  async function payOverdue(customerId: string, paymentMethodId: string) {
    const open = await stripe.invoices.list({ customer: customerId, status: 'open', limit: 10 });
    for (const invoice of open.data) {
      try {
        await stripe.invoices.pay(
          invoice.id,
          { payment_method: paymentMethodId, off_session: true },
          { idempotencyKey: `pay:${invoice.id}:${paymentMethodId}` },
        );
      } catch (error) {
        // Refused again: the subscription stays past due and says so on the next read.
        if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
      }
    }
  }

  return {
    kind: 'stripe',
    publishableKey,

    async createCustomer({ name, email, idempotencyKey }) {
      const customer = await stripe.customers.create(
        { name, email: email || undefined },
        { idempotencyKey },
      );
      return customer.id;
    },

    async attachDefaultCard(customerId, token) {
      const method = await attach(customerId, token);
      const card = cardOf(method);
      if (!card) throw new PaymentError('invalid_token');
      return { card, action: null, changed: await setDefault(customerId, method.id) };
    },

    async replaceDefaultCard(customerId, token): Promise<CardChange> {
      const method = await attach(customerId, token);
      const card = cardOf(method);
      if (!card) throw new PaymentError('invalid_token');
      // The repeat call after the cardholder authenticated finds the setup it confirmed.
      const earlier = await stripe.setupIntents.list({
        customer: customerId,
        payment_method: method.id,
        limit: 1,
      });
      let setup = earlier.data[0];
      if (!setup || setup.status === 'requires_payment_method' || setup.status === 'canceled') {
        setup = await callStripe(() =>
          stripe.setupIntents.create(
            {
              customer: customerId,
              payment_method: method.id,
              // Cards only need no redirect; 3-D Secure is confirmed by Stripe.js in the page.
              automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
              usage: 'off_session',
              confirm: true,
            },
            {
              idempotencyKey: `setup:${customerId}:${method.id}:${earlier.data[0]?.id ?? 'first'}`,
            },
          ),
        );
      }
      if (setup.status === 'requires_action' && setup.client_secret) {
        return {
          card,
          action: {
            state: 'requires_action',
            clientSecret: setup.client_secret,
            amount: 0,
            currency: 'usd',
            description: 'card',
          },
          changed: false,
        };
      }
      if (setup.status !== 'succeeded') {
        throw new PaymentError(
          paymentCodeOf(setup.last_setup_error?.code, setup.last_setup_error?.decline_code),
        );
      }
      const changed = await setDefault(customerId, method.id);
      await payOverdue(customerId, method.id);
      return { card, action: null, changed };
    },

    async getDefaultCard(customerId) {
      const customer = await stripe.customers.retrieve(customerId, {
        expand: ['invoice_settings.default_payment_method'],
      });
      if (customer.deleted) return null;
      const method = customer.invoice_settings.default_payment_method;
      return typeof method === 'string' ? null : cardOf(method);
    },

    async createSubscription({ customerId, plan, quantity, idempotencyKey }) {
      const created = await callStripe(() =>
        stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: priceOf(plan), quantity: quantityFor(plan, quantity) }],
            payment_behavior: 'allow_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            // How findSubscriptionByAttempt knows the attempt again after the app died mid-call.
            metadata: { [ATTEMPT_METADATA_KEY]: idempotencyKey, ...membersMetadata(quantity) },
            expand: SUBSCRIPTION_EXPAND,
          },
          { idempotencyKey },
        ),
      );
      const {
        lastError,
        latestInvoiceId: _invoice,
        ...answer
      } = await snapshotOf(stripe, prices, created);
      if (
        answer.status === 'incomplete' &&
        answer.waitingPayment?.state === 'requires_payment_method'
      ) {
        // Declined outright: nothing is subscribed, as on the built-in processor.
        await stripe.subscriptions.cancel(created.id);
        throw new PaymentError(paymentCodeOf(lastError?.code, lastError?.decline_code));
      }
      return answer;
    },

    getSubscription: snapshot,

    async findSubscriptionByAttempt(customerId, idempotencyKey) {
      // Listing is read-after-write consistent (search is not); newest first, and the attempt
      // is among a customer's latest, so a bounded walk finds it.
      let seen = 0;
      for await (const subscription of stripe.subscriptions.list({
        customer: customerId,
        status: 'all',
        limit: 100,
      })) {
        if (subscription.metadata[ATTEMPT_METADATA_KEY] === idempotencyKey) {
          return snapshot(subscription.id);
        }
        seen += 1;
        if (seen >= MAX_SUBSCRIPTIONS_SEARCHED) break;
      }
      return null;
    },

    async previewUpgrade(id, plan) {
      const current = await retrieveRaw(id);
      const item = current.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${id} has no item`);
      const preview = await callStripe(() =>
        stripe.invoices.createPreview({
          subscription: id,
          subscription_details: {
            items: [
              {
                id: item.id,
                price: priceOf(plan),
                quantity: quantityFor(plan, membersOf(current)),
              },
            ],
            proration_behavior: 'always_invoice',
          },
        }),
      );
      // Stripe's advice: this change's prorations are the proration lines starting at its
      // proration date, the latest start among them (older seat prorations start earlier).
      const prorations = preview.lines.data.filter(
        (line) => line.parent?.subscription_item_details?.proration,
      );
      const prorationDate = Math.max(...prorations.map((line) => line.period.start));
      const own = prorations.filter((line) => line.period.start === prorationDate);
      if (own.length === 0) throw new Error(`Stripe previewed no proration for ${id}`);
      return {
        prorationDate: new Date(prorationDate * 1000),
        credit: -own.filter((line) => line.amount < 0).reduce((sum, line) => sum + line.amount, 0),
        charge: own.filter((line) => line.amount > 0).reduce((sum, line) => sum + line.amount, 0),
        currency: preview.currency,
        periodEnd: new Date(item.current_period_end * 1000),
      };
    },

    async upgradeNow(id, plan, idempotencyKey, prorationDate) {
      const current = await retrieveRaw(id);
      await releaseSchedule(current);
      await dropPendingUpdate(current);
      const item = current.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${id} has no item`);
      await callStripe(() =>
        stripe.subscriptions.update(
          id,
          {
            items: [
              {
                id: item.id,
                price: priceOf(plan),
                quantity: quantityFor(plan, membersOf(current)),
              },
            ],
            proration_behavior: 'always_invoice',
            // The amount the owner was shown: Stripe prorates as of the preview's moment.
            ...(prorationDate
              ? { proration_date: Math.floor(prorationDate.getTime() / 1000) }
              : {}),
            // The new plan applies only once its prorated invoice is paid.
            payment_behavior: 'pending_if_incomplete',
          },
          { idempotencyKey },
        ),
      );
      return snapshot(id);
    },

    async schedulePlan(id, plan) {
      let current = await retrieveRaw(id);
      await releaseSchedule(current);
      await dropPendingUpdate(current);
      if (current.cancel_at_period_end) {
        current = await stripe.subscriptions.update(id, { cancel_at_period_end: false });
      }
      if (plan) {
        const item = current.items.data[0];
        if (!item) throw new Error(`Stripe subscription ${id} has no item`);
        const schedule = await stripe.subscriptionSchedules.create({ from_subscription: id });
        const phase = schedule.phases[0];
        if (!phase) throw new Error(`Stripe schedule ${schedule.id} has no phase`);
        await stripe.subscriptionSchedules.update(schedule.id, {
          end_behavior: 'release',
          phases: [
            {
              items: [{ price: idOfPrice(item.price), quantity: item.quantity ?? 1 }],
              start_date: phase.start_date,
              end_date: phase.end_date,
            },
            { items: [{ price: priceOf(plan), quantity: quantityFor(plan, membersOf(current)) }] },
          ],
        });
      }
      return snapshot(id);
    },

    async setCancelAtPeriodEnd(id, cancel) {
      const current = await retrieveRaw(id);
      // Cancelling supersedes a scheduled plan, as on the built-in processor.
      if (cancel) await releaseSchedule(current);
      await dropPendingUpdate(current);
      await stripe.subscriptions.update(id, { cancel_at_period_end: cancel });
      return snapshot(id);
    },

    async cancelNow(id) {
      const current = await retrieveRaw(id);
      if (current.status !== 'canceled' && current.status !== 'incomplete_expired') {
        await stripe.subscriptions.cancel(id);
      }
      return snapshot(id);
    },

    async setQuantity(id, members) {
      const current = await retrieveRaw(id);
      const item = current.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${id} has no item`);
      const quantity = quantityFor(planOf(prices, item.price), members);
      if (item.quantity !== quantity) {
        await stripe.subscriptionItems.update(item.id, {
          quantity,
          proration_behavior: 'create_prorations',
        });
      }
      if (membersOf(current) !== members) {
        await stripe.subscriptions.update(id, { metadata: membersMetadata(members) });
      }
      return snapshot(id);
    },

    async listInvoices(customerId, page) {
      const list = await stripe.invoices.list({
        customer: customerId,
        limit: page.limit,
        ...(page.cursor ? { starting_after: page.cursor } : {}),
      });
      const invoices = list.data.filter((invoice) => invoice.status !== 'draft');
      const last = list.data.at(-1);
      return {
        invoices: invoices.map(invoiceSummaryOf),
        nextCursor: list.has_more && last ? last.id : null,
      };
    },

    async getInvoice(customerId, invoiceId) {
      if (!/^in_[A-Za-z0-9_]+$/.test(invoiceId)) return null;
      let invoice: Stripe.Invoice;
      try {
        invoice = await stripe.invoices.retrieve(invoiceId, {
          expand: ['payments.data.payment.payment_intent'],
        });
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
      const owner = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id;
      if (owner !== customerId || invoice.status === 'draft') return null;
      const intent = invoice.payments?.data.find((entry) => entry.status === 'paid')?.payment
        .payment_intent;
      const methodId = intent && typeof intent !== 'string' ? intent.payment_method : null;
      const method =
        typeof methodId === 'string'
          ? await stripe.paymentMethods.retrieve(methodId)
          : (methodId ?? null);
      return invoiceDocumentOf(invoice, cardOf(method));
    },
  };
}

function idOfPrice(price: string | Stripe.Price): string {
  return typeof price === 'string' ? price : price.id;
}
