import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StoredSession } from '@partner-portal/shared/user';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookReveal,
} from '@partner-portal/shared/webhooks';
import { formatCell } from '@/components/ui/data-table-model';
import { dismissToast } from '@/components/ui/toast-store';
import { i18n } from '@/lib/i18n';
import { clearSession, setSession } from '@/lib/session-store';
import { stubRoutes, type RouteHandler } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { mockScreen } from '@/test/screen-width';
import { testSession } from '@/test/test-session';

afterEach(() => {
  // Unmount before the session goes, or the guard would redirect the page being torn down.
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
  Reflect.deleteProperty(navigator, 'clipboard');
});

const ids = {
  orders: '5b0d9a8e-0000-4000-8000-000000000001',
  crm: '5b0d9a8e-0000-4000-8000-000000000002',
  paused: '5b0d9a8e-0000-4000-8000-000000000003',
  new: '5b0d9a8e-0000-4000-8000-000000000004',
};
const SECRET = 'whsec_MfKQ9r8GKYqXTwAJBuBR0jvRmXaB1Yhq';
const ROTATED_SECRET = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';

function endpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: ids.orders,
    url: 'https://orders.example.com/hooks/portal',
    description: 'Order system',
    events: ['member.joined', 'invoice.paid'],
    enabled: true,
    disabled_reason: null,
    created_at: '2026-11-01T10:00:00.000Z',
    previous_secret_expires_at: null,
    ...overrides,
  };
}

const ORDERS = endpoint();
const CRM = endpoint({
  id: ids.crm,
  url: 'https://crm.example.com/webhooks',
  description: null,
  events: ['member.invited', 'member.removed'],
  enabled: false,
  disabled_reason: 'failing',
});
const PAUSED = endpoint({
  id: ids.paused,
  url: 'https://staging.example.com/hooks',
  description: 'Staging',
  events: ['alert.triggered'],
  enabled: false,
  disabled_reason: 'manual',
});

function delivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 'd-ok',
    message_id: 'msg_2Kx9',
    type: 'invoice.paid',
    status: 'succeeded',
    attempts: 1,
    response_status: 200,
    duration_ms: 123,
    error: null,
    created_at: '2026-11-20T09:30:00.000Z',
    last_attempt_at: '2026-11-20T09:30:00.000Z',
    next_attempt_at: null,
    payload: {
      type: 'invoice.paid',
      timestamp: '2026-11-20T09:30:00.000Z',
      data: { account_id: 'a1', invoice_id: 'in_1', amount: 4900, currency: 'usd' },
    },
    ...overrides,
  };
}

const SUCCEEDED = delivery();
const FAILED = delivery({
  id: 'd-failed',
  message_id: 'msg_7Qp1',
  type: 'member.joined',
  status: 'failed',
  attempts: 12,
  response_status: 503,
  duration_ms: 2_048,
  created_at: '2026-11-17T08:00:00.000Z',
});
const PENDING = delivery({
  id: 'd-pending',
  message_id: 'msg_9Zz3',
  type: 'member.joined',
  status: 'pending',
  attempts: 2,
  response_status: null,
  duration_ms: null,
  error: 'Timed out after 10 seconds',
  created_at: '2026-11-19T12:00:00.000Z',
  next_attempt_at: '2026-11-19T12:35:00.000Z',
});

const ordersDeliveries = `/api/webhooks/${ids.orders}/deliveries?page=1&page_size=20`;

function renderPage(
  routes: Record<string, RouteHandler> = {},
  session: Partial<StoredSession> = { permission: 'developer', plan: 'free_plus' },
) {
  const sent = stubRoutes({
    'GET /api/webhooks': () => ({ body: { data: { endpoints: [ORDERS, CRM, PAUSED], max: 10 } } }),
    [`GET ${ordersDeliveries}`]: () => ({
      body: {
        data: { deliveries: [SUCCEEDED, PENDING, FAILED], total: 3, page: 1, page_size: 20 },
      },
    }),
    ...routes,
  });
  setSession(testSession(session));
  renderRoute('/account/webhooks');
  return {
    sent,
    calls: (method: string, url: string) =>
      sent.filter((call) => call.method === method && call.url === url).map((call) => call.body),
  };
}

function stubClipboard() {
  const writeText = vi.fn(async (_text: string) => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

const list = () => screen.findByRole('list', { name: 'Webhook endpoints' });
async function cardOf(url: string) {
  const card = (await within(await list()).findByRole('heading', { name: url })).closest('li');
  if (!card) throw new Error(`no card for ${url}`);
  return card;
}

async function menuOf(url: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${url}` }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

async function chooseAction(url: string, action: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${url}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

async function openCreate() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
  return screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
}

describe('/account/webhooks list', () => {
  it('shows each endpoint with its URL, description, events and status', async () => {
    renderPage();
    const orders = await cardOf(ORDERS.url);
    expect(within(orders).getByText('Order system')).toBeInTheDocument();
    expect(within(orders).getByText('Enabled')).toHaveAttribute('data-status', 'enabled');
    const events = within(orders).getByRole('list', { name: 'Events it receives' });
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['member.joined', 'invoice.paid']);
    expect(within(orders).queryByRole('status', { name: /failed deliveries/ })).toBeNull();

    const crm = await cardOf(CRM.url);
    expect(within(crm).getByText('No description')).toBeInTheDocument();
    expect(within(crm).getByText('Failing')).toHaveAttribute('data-status', 'failing');
    expect(within(crm).getByText('Turned off after 3 days of failed deliveries')).toBeVisible();

    const paused = await cardOf(PAUSED.url);
    expect(within(paused).getByText('Disabled')).toHaveAttribute('data-status', 'disabled');
    expect(within(paused).getByText(/no events are sent to it/)).toBeVisible();
    expect(within(paused).queryByText(/failed deliveries/)).not.toBeInTheDocument();

    expect(screen.getByText('3 of 10 endpoints')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Account settings' });
    expect(within(menu).getByRole('link', { name: 'Webhooks' })).toHaveAttribute(
      'href',
      '/account/webhooks',
    );
  });

  it('offers Disable on an enabled endpoint and Enable on a disabled one', async () => {
    renderPage();
    expect(await menuOf(ORDERS.url)).toEqual([
      'Edit',
      'Send test event',
      'Rotate secret',
      'Disable',
      'Delete',
    ]);
    await userEvent.keyboard('{Escape}');
    expect(await menuOf(PAUSED.url)).toEqual([
      'Edit',
      'Send test event',
      'Rotate secret',
      'Enable',
      'Delete',
    ]);
  });

  it('introduces webhooks when there are none, and opens the form from there', async () => {
    renderPage({ 'GET /api/webhooks': () => ({ body: { data: { endpoints: [], max: 10 } } }) });
    expect(await screen.findByRole('heading', { name: 'No endpoints yet' })).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Webhook endpoints' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add your first endpoint' }));
    expect(await screen.findByRole('dialog', { name: 'Add a webhook endpoint' })).toBeVisible();
  });

  it('refuses another endpoint once the account has its most', async () => {
    renderPage({
      'GET /api/webhooks': () => ({ body: { data: { endpoints: [ORDERS, CRM], max: 2 } } }),
    });
    const add = await screen.findByRole('button', { name: 'Add endpoint' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(
      'An account can have at most 2 endpoints. Delete one to add another.',
    );
  });

  it('says when the list could not be loaded and offers a retry', async () => {
    let fail = true;
    renderPage({
      'GET /api/webhooks': () =>
        fail
          ? { status: 500, body: { message: 'The database is not answering.' } }
          : { body: { data: { endpoints: [ORDERS], max: 10 } } },
    });
    expect(await screen.findByText('The webhooks could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await cardOf(ORDERS.url)).toBeInTheDocument();
  });

  it('below Plus explains itself and links to the upgrade, without asking the server', async () => {
    const { sent } = renderPage({}, { permission: 'owner', plan: 'free_core' });
    expect(await screen.findByRole('heading', { name: 'Webhooks come with Plus' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the Plus plan' })).toHaveAttribute(
      'href',
      '/account/upgrade?plan=free_plus',
    );
    expect(sent.filter((call) => call.url.startsWith('/api/webhooks'))).toEqual([]);
  });

  it('tells a developer below Plus whom to ask, since the upgrade is not theirs', async () => {
    const { sent } = renderPage({}, { permission: 'developer', plan: 'free_core' });
    expect(await screen.findByRole('heading', { name: 'Webhooks come with Plus' })).toBeVisible();
    expect(screen.getByText('Ask your account owner to move the account to Plus.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'See the Plus plan' })).not.toBeInTheDocument();
    expect(sent.filter((call) => call.url.startsWith('/api/webhooks'))).toEqual([]);
  });

  it('speaks Spanish', async () => {
    renderPage();
    await cardOf(ORDERS.url);
    try {
      await act(() => i18n.changeLanguage('es'));
      expect(screen.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
      expect(screen.getByText(/Los webhooks avisan a tus propios sistemas/)).toBeVisible();
      expect(screen.getByRole('button', { name: 'Añadir endpoint' })).toBeVisible();
      const orders = within(screen.getByRole('list', { name: 'Endpoints de webhook' }))
        .getByRole('heading', { name: ORDERS.url })
        .closest('li')!;
      expect(within(orders).getByText('Activado')).toBeInTheDocument();
      expect(within(orders).getByRole('button', { name: 'Ver entregas' })).toBeVisible();
      expect(screen.getByText('Desactivado tras 3 días de entregas fallidas')).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: 'Añadir endpoint' }));
      const dialog = await screen.findByRole('dialog', { name: 'Añadir un endpoint de webhook' });
      expect(within(dialog).getByRole('group', { name: 'Eventos del equipo' })).toBeVisible();
      expect(
        within(dialog).getByRole('checkbox', { name: 'invoice.paid' }),
      ).toHaveAccessibleDescription('Se paga una factura');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('adding an endpoint', () => {
  const created: WebhookReveal = {
    ...endpoint({
      id: ids.new,
      url: 'https://bi.example.com/portal-events',
      description: 'BI warehouse',
      events: ['plan.changed', 'report.imported'],
    }),
    secret: SECRET,
  };

  it('offers each event as a described checkbox, in groups', async () => {
    renderPage();
    const dialog = await openCreate();
    const groups = within(dialog).getAllByRole('group');
    expect(groups.map((group) => group.querySelector('legend')?.textContent)).toEqual([
      'Team events',
      'Billing events',
      'Report, insight and alert events',
    ]);
    expect(
      within(groups[1]!)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('id')),
    ).toEqual([
      'field-event_plan_changed',
      'field-event_invoice_paid',
      'field-event_invoice_payment_failed',
    ]);
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(10);
    expect(
      within(dialog).getByRole('checkbox', { name: 'member.invited' }),
    ).toHaveAccessibleDescription('Someone is invited to the account');
  });

  it('refuses an endpoint without any event, without sending', async () => {
    const { calls } = renderPage();
    const dialog = await openCreate();
    await userEvent.type(
      within(dialog).getByLabelText(/^Endpoint URL/),
      'https://bi.example.com/in',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Choose at least one event')).toBeVisible();
    expect(calls('POST', '/api/webhooks')).toEqual([]);
    // Ticking one lets it through.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'plan.changed' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(calls('POST', '/api/webhooks')).toHaveLength(1));
  });

  it('sends the URL, description and events, then shows the secret once with a copy button', async () => {
    const writeText = stubClipboard();
    const { calls } = renderPage({
      'POST /api/webhooks': () => ({
        status: 201,
        body: { data: created, message: 'Webhook endpoint added.' },
      }),
    });
    const dialog = await openCreate();
    await userEvent.type(
      within(dialog).getByLabelText(/^Endpoint URL/),
      '  https://bi.example.com/portal-events ',
    );
    await userEvent.type(within(dialog).getByLabelText(/^Description/), 'BI warehouse');
    // Ticked out of order: sent in the list's.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'report.imported' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'plan.changed' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const reveal = await screen.findByRole('dialog', { name: 'Your endpoint is ready' });
    expect(calls('POST', '/api/webhooks')).toEqual([
      {
        url: 'https://bi.example.com/portal-events',
        events: ['plan.changed', 'report.imported'],
        description: 'BI warehouse',
      },
    ]);
    const secret = within(reveal).getByLabelText('Signing secret');
    expect(secret).toHaveValue(SECRET);
    expect(secret).toHaveAttribute('readonly');
    expect(within(reveal).getByText(/only time the secret is shown/)).toBeVisible();
    await userEvent.click(within(reveal).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByText('Copied')).toBeInTheDocument();

    await userEvent.click(within(reveal).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(reveal).not.toBeInTheDocument());
    expect(document.body).not.toHaveTextContent(SECRET);
    const card = await cardOf(created.url);
    expect(card).toHaveTextContent('BI warehouse');
    expect(screen.getByText('4 of 10 endpoints')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add endpoint' })).toHaveFocus());
  });

  it("shows the server's refusal of the URL under the URL field and stays open", async () => {
    const { calls } = renderPage({
      'POST /api/webhooks': () => ({
        status: 400,
        body: { message: 'The URL must use https.', inputError: 'url' },
      }),
    });
    const dialog = await openCreate();
    const url = within(dialog).getByLabelText(/^Endpoint URL/);
    await userEvent.type(url, 'http://bi.example.com/in');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'invoice.paid' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(url).toHaveAccessibleDescription(expect.stringContaining('The URL must use https.'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The URL must use https.');
    expect(calls('POST', '/api/webhooks')).toEqual([
      { url: 'http://bi.example.com/in', events: ['invoice.paid'] },
    ]);
    expect(screen.getByRole('dialog', { name: 'Add a webhook endpoint' })).toBeInTheDocument();
  });
});

describe('changing an endpoint', () => {
  it('sends only what changed', async () => {
    const saved = { ...ORDERS, events: ORDERS.events.concat('invoice.payment_failed') };
    const { calls } = renderPage({
      [`PATCH /api/webhooks/${ids.orders}`]: () => ({
        body: { data: saved, message: 'Webhook endpoint saved.' },
      }),
    });
    await chooseAction(ORDERS.url, 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit endpoint' });
    expect(within(dialog).getByLabelText(/^Endpoint URL/)).toHaveValue(ORDERS.url);
    expect(within(dialog).getByRole('checkbox', { name: 'member.joined' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'member.invited' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'invoice.payment_failed' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Webhook endpoint saved.')).toBeInTheDocument();
    expect(calls('PATCH', `/api/webhooks/${ids.orders}`)).toEqual([
      { events: ['member.joined', 'invoice.paid', 'invoice.payment_failed'] },
    ]);
    expect(await cardOf(ORDERS.url)).toHaveTextContent('invoice.payment_failed');
  });

  it('asks before rotating the secret, then shows the new one once', async () => {
    const until = '2026-11-21T10:00:00.000Z';
    const rotated: WebhookReveal = {
      ...ORDERS,
      previous_secret_expires_at: until,
      secret: ROTATED_SECRET,
    };
    const { calls } = renderPage({
      [`POST /api/webhooks/${ids.orders}/rotate-secret`]: () => ({
        body: { data: rotated, message: 'Signing secret rotated.' },
      }),
    });
    const trigger = await screen.findByRole('button', { name: `Actions for ${ORDERS.url}` });
    await chooseAction(ORDERS.url, 'Rotate secret');
    const confirm = await screen.findByRole('alertdialog', { name: 'Rotate the signing secret?' });
    expect(confirm).toHaveTextContent('keeps signing them too for 24 hours');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));

    const reveal = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(calls('POST', `/api/webhooks/${ids.orders}/rotate-secret`)).toHaveLength(1);
    expect(within(reveal).getByLabelText('Signing secret')).toHaveValue(ROTATED_SECRET);
    expect(reveal).toHaveTextContent(
      `The previous secret keeps signing too until ${formatCell(until, 'datetime')}`,
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(reveal).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(await cardOf(ORDERS.url)).toHaveTextContent(
      `The previous secret also signs until ${formatCell(until, 'datetime')}`,
    );
    expect(document.body).not.toHaveTextContent(ROTATED_SECRET);
  });

  it('asks before deleting, and deletes only once confirmed', async () => {
    const { calls } = renderPage({
      [`DELETE /api/webhooks/${ids.paused}`]: () => ({
        body: { data: null, message: 'Webhook endpoint deleted.' },
      }),
    });
    await chooseAction(PAUSED.url, 'Delete');
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this endpoint?' });
    expect(confirm).toHaveTextContent(`${PAUSED.url} stops receiving events at once`);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(calls('DELETE', `/api/webhooks/${ids.paused}`)).toEqual([]);

    await chooseAction(PAUSED.url, 'Delete');
    const again = await screen.findByRole('alertdialog', { name: 'Delete this endpoint?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Delete endpoint' }));
    expect(await screen.findByText('Webhook endpoint deleted.')).toBeInTheDocument();
    expect(calls('DELETE', `/api/webhooks/${ids.paused}`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: PAUSED.url })).not.toBeInTheDocument(),
    );
  });

  it('enables an endpoint that was turned off for failing, from its warning', async () => {
    const { calls } = renderPage({
      [`PATCH /api/webhooks/${ids.crm}`]: () => ({
        body: {
          data: { ...CRM, enabled: true, disabled_reason: null },
          message: 'Webhook endpoint enabled.',
        },
      }),
    });
    const crm = await cardOf(CRM.url);
    await userEvent.click(within(crm).getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Webhook endpoint enabled.')).toBeInTheDocument();
    expect(calls('PATCH', `/api/webhooks/${ids.crm}`)).toEqual([{ enabled: true }]);
    await waitFor(() => expect(within(crm).getByText('Enabled')).toBeInTheDocument());
    expect(within(crm).queryByText(/failed deliveries/)).not.toBeInTheDocument();
  });

  it('asks before disabling, then PATCHes enabled: false', async () => {
    const { calls } = renderPage({
      [`PATCH /api/webhooks/${ids.orders}`]: () => ({
        body: { data: { ...ORDERS, enabled: false, disabled_reason: 'manual' } },
      }),
    });
    await chooseAction(ORDERS.url, 'Disable');
    const confirm = await screen.findByRole('alertdialog', { name: 'Disable this endpoint?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Disable endpoint' }));
    expect(await screen.findByText('Endpoint disabled')).toBeInTheDocument();
    expect(calls('PATCH', `/api/webhooks/${ids.orders}`)).toEqual([{ enabled: false }]);
    expect(within(await cardOf(ORDERS.url)).getByText('Disabled')).toBeInTheDocument();
  });
});

describe('deliveries', () => {
  const table = () => screen.findByRole('table', { name: `Deliveries to ${ORDERS.url}` });
  async function rowOf(time: string) {
    const row = (await within(await table()).findByText(formatCell(time, 'datetime'))).closest(
      'tr',
    );
    if (!row) throw new Error(`no row at ${time}`);
    return row;
  }

  async function openDeliveries() {
    const card = await cardOf(ORDERS.url);
    const toggle = within(card).getByRole('button', { name: 'Show deliveries' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide deliveries');
    return card;
  }

  it('lists each delivery with its status, answer, duration, attempts and next try', async () => {
    renderPage();
    await openDeliveries();
    const ok = await rowOf(SUCCEEDED.created_at);
    expect(within(ok).getByText('Succeeded')).toHaveAttribute('data-status', 'succeeded');
    expect(ok).toHaveTextContent('invoice.paid');
    expect(ok).toHaveTextContent('200');
    expect(ok).toHaveTextContent('123 ms');
    expect(within(ok).queryByRole('button', { name: /^Resend/ })).not.toBeInTheDocument();

    const pending = await rowOf(PENDING.created_at);
    expect(within(pending).getByText('Pending')).toHaveAttribute('data-status', 'pending');
    expect(pending).toHaveTextContent('Timed out after 10 seconds');
    expect(pending).toHaveTextContent(formatCell(PENDING.next_attempt_at, 'datetime'));
    expect(within(pending).queryByRole('button', { name: /^Resend/ })).not.toBeInTheDocument();

    const failed = await rowOf(FAILED.created_at);
    expect(within(failed).getByText('Failed')).toHaveAttribute('data-status', 'failed');
    expect(failed).toHaveTextContent('503');
    expect(failed).toHaveTextContent('2,048 ms');
    expect(within(failed).getByRole('button', { name: /^Resend member\.joined/ })).toBeVisible();
    expect(screen.getByText('1–3 of 3')).toBeInTheDocument();
  });

  it('resends a failed delivery through its retry URL, and the row turns pending', async () => {
    const { calls } = renderPage({
      [`POST /api/webhooks/${ids.orders}/deliveries/${FAILED.id}/retry`]: () => ({
        body: {
          data: { ...FAILED, status: 'pending', next_attempt_at: '2026-11-20T10:00:05.000Z' },
          message: 'Delivery queued.',
        },
      }),
    });
    await openDeliveries();
    const failed = await rowOf(FAILED.created_at);
    await userEvent.click(within(failed).getByRole('button', { name: /^Resend/ }));
    expect(await screen.findByText('Delivery queued.')).toBeInTheDocument();
    expect(calls('POST', `/api/webhooks/${ids.orders}/deliveries/${FAILED.id}/retry`)).toHaveLength(
      1,
    );
    await waitFor(() => expect(within(failed).getByText('Pending')).toBeInTheDocument());
    expect(within(failed).queryByRole('button', { name: /^Resend/ })).not.toBeInTheDocument();
  });

  it('shows a delivery’s payload as JSON', async () => {
    renderPage();
    await openDeliveries();
    const ok = await rowOf(SUCCEEDED.created_at);
    await userEvent.click(within(ok).getByRole('button', { name: /^Actions for invoice\.paid/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'View payload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payload of invoice.paid' });
    expect(dialog).toHaveTextContent('Message msg_2Kx9');
    expect(JSON.parse(dialog.querySelector('pre')?.textContent ?? '')).toEqual(SUCCEEDED.payload);
  });

  it('pages through the server’s deliveries', async () => {
    const page2 = `/api/webhooks/${ids.orders}/deliveries?page=2&page_size=20`;
    const { calls } = renderPage({
      [`GET ${ordersDeliveries}`]: () => ({
        body: { data: { deliveries: [SUCCEEDED], total: 21, page: 1, page_size: 20 } },
      }),
      [`GET ${page2}`]: () => ({
        body: { data: { deliveries: [FAILED], total: 21, page: 2, page_size: 20 } },
      }),
    });
    await openDeliveries();
    await rowOf(SUCCEEDED.created_at);
    expect(screen.getByText('1–1 of 21')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await rowOf(FAILED.created_at)).toBeInTheDocument();
    expect(screen.getByText('21–21 of 21')).toBeInTheDocument();
    expect(calls('GET', page2)).toHaveLength(1);
  });

  it('sends a test event, says how the receiver answered, and shows it in the deliveries', async () => {
    const test = delivery({
      id: 'd-test',
      type: 'webhook.test',
      response_status: 204,
      duration_ms: 87,
    });
    const { calls } = renderPage({
      [`POST /api/webhooks/${ids.orders}/test`]: () => ({
        body: { data: test, message: 'Test event sent.' },
      }),
    });
    await chooseAction(ORDERS.url, 'Send test event');
    expect(await screen.findByText('Test event delivered')).toBeInTheDocument();
    expect(screen.getByText('Your endpoint answered HTTP 204 in 87 ms.')).toBeInTheDocument();
    expect(calls('POST', `/api/webhooks/${ids.orders}/test`)).toHaveLength(1);
    // The panel opens on the endpoint whose test it was, with the deliveries asked for again.
    expect(await table()).toBeInTheDocument();
    expect(calls('GET', ordersDeliveries).length).toBeGreaterThanOrEqual(1);
  });

  it('says what went wrong when the test event was not delivered', async () => {
    renderPage({
      [`POST /api/webhooks/${ids.orders}/test`]: () => ({
        body: {
          data: delivery({
            id: 'd-test',
            type: 'webhook.test',
            status: 'failed',
            response_status: null,
            duration_ms: null,
            error: 'Connection refused',
          }),
        },
      }),
    });
    await chooseAction(ORDERS.url, 'Send test event');
    expect(await screen.findByText('Test event not delivered')).toBeInTheDocument();
    expect(screen.getByText('No answer: Connection refused')).toBeInTheDocument();
  });

  it('lays the deliveries out as cards on a phone', async () => {
    mockScreen({ phone: true });
    renderPage();
    await openDeliveries();
    const cards = await screen.findByRole('list', { name: `Deliveries to ${ORDERS.url}` });
    expect(within(cards).getAllByRole('heading', { level: 4 })).toHaveLength(3);
    expect(within(cards).getByRole('button', { name: /^Resend member\.joined/ })).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
