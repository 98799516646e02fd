import {
  BillingOverviewSchema,
  CardUpdateResponseSchema,
  InvoiceDocumentSchema,
  InvoiceListSchema,
  LocalAuthenticateResponseSchema,
  PlanPreviewSchema,
  PlansResponseSchema,
  SelectPlanResponseSchema,
  UpgradeResponseSchema,
} from '@partner-portal/shared/billing';
import { LocalCardTokenSchema, type LocalCardInput } from '@partner-portal/shared/card';
import type { PlanId } from '@partner-portal/shared/plans';
import { api, type RequestBody } from '@/lib/api-client';

/*
 * The billing calls (docs/billing.md). Query options live beside their fetchers, so a change can
 * invalidate them by key.
 */

export const billingKeys = {
  all: ['billing'] as const,
  overview: () => [...billingKeys.all, 'overview'] as const,
  invoices: (cursor: string | null) => [...billingKeys.all, 'invoices', cursor] as const,
  invoice: (id: string) => [...billingKeys.all, 'invoice', id] as const,
  plans: () => ['account', 'plans'] as const,
  preview: (plan: PlanId) => [...billingKeys.all, 'plan-preview', plan] as const,
};

export const plansQueryOptions = () => ({
  queryKey: billingKeys.plans(),
  queryFn: async () => (await api.get('/api/account/plans', { schema: PlansResponseSchema })).data,
});

export const billingOverviewQueryOptions = () => ({
  queryKey: billingKeys.overview(),
  queryFn: async () =>
    (await api.get('/api/account/billing', { schema: BillingOverviewSchema })).data,
});

export const invoicesQueryOptions = (cursor: string | null) => ({
  queryKey: billingKeys.invoices(cursor),
  queryFn: async () => {
    const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    return (await api.get(`/api/account/billing/invoices${query}`, { schema: InvoiceListSchema }))
      .data;
  },
});

export const invoiceQueryOptions = (id: string) => ({
  queryKey: billingKeys.invoice(id),
  queryFn: async () =>
    (
      await api.get(`/api/account/billing/invoices/${encodeURIComponent(id)}`, {
        schema: InvoiceDocumentSchema,
      })
    ).data,
});

/**
 * GET /api/account/plan/preview: what a change would charge and when. Never cached: the amount
 * of an upgrade shrinks as the period runs, and its quote expires.
 */
export const planPreviewQueryOptions = (plan: PlanId) => ({
  queryKey: billingKeys.preview(plan),
  queryFn: async () =>
    (
      await api.get(`/api/account/plan/preview?plan=${encodeURIComponent(plan)}`, {
        schema: PlanPreviewSchema,
      })
    ).data,
  staleTime: 0,
  gcTime: 0,
  retry: false,
});

/**
 * POST /api/account/plan: the plan now or from the period end, or a payment to approve. The
 * preview's `quote` makes an upgrade charge the amount the owner was shown.
 */
export async function choosePlan(plan: PlanId, quote?: string | null) {
  return api.post('/api/account/plan', quote ? { plan, quote } : { plan }, {
    schema: SelectPlanResponseSchema,
  });
}

/*
 * The two card forms' calls. Their body is the form's values with the card field swapped for the
 * processor's token; the form checks it against the shared schema and so does the server.
 */

/** POST /api/account/upgrade: the paid plan, paid now; may ask for a card action first. */
export async function upgradePlan(body: RequestBody) {
  return api.post('/api/account/upgrade', body, { schema: UpgradeResponseSchema });
}

/** PUT /api/account/billing/card: the card future invoices are charged to. */
export async function replaceCard(body: RequestBody) {
  return api.put('/api/account/billing/card', body, { schema: CardUpdateResponseSchema });
}

/** The built-in card processor takes the card and answers a single-use token. */
export async function tokenizeLocalCard(card: LocalCardInput) {
  return (await api.post('/api/billing/local/cards', card, { schema: LocalCardTokenSchema })).data;
}

/** The built-in processor's issuer page: the cardholder approves or refuses a payment. */
export async function authenticateLocalPayment(clientSecret: string, outcome: 'complete' | 'fail') {
  return (
    await api.post(
      '/api/billing/local/authenticate',
      { client_secret: clientSecret, outcome },
      { schema: LocalAuthenticateResponseSchema },
    )
  ).data;
}
