import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Alert, AlertHistoryEntry } from '@partner-portal/shared/alerts';
import type { StoredSession } from '@partner-portal/shared/user';
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
});

const DAY_MS = 24 * 60 * 60 * 1000;
const ids = {
  drop: '7c1e0f2a-0000-4000-8000-000000000001',
  ctr: '7c1e0f2a-0000-4000-8000-000000000002',
  odd: '7c1e0f2a-0000-4000-8000-000000000003',
  quiet: '7c1e0f2a-0000-4000-8000-000000000004',
  new: '7c1e0f2a-0000-4000-8000-000000000005',
};

function alert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: ids.drop,
    name: 'Acme Shoes revenue drop',
    metric: 'revenue',
    filters: { advertiser: 'Acme Shoes' },
    condition: { type: 'change', window: 'day', pct: -20 },
    channels: ['email'],
    state: 'ok',
    snoozed_until: null,
    last_value: 412.5,
    last_day: '2026-11-27',
    last_triggered_at: null,
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const DROP = alert();
const LOW_CTR = alert({
  id: ids.ctr,
  name: 'Spring sale CTR in Germany',
  metric: 'ctr',
  filters: { campaign: 'Spring sale', country: 'DE' },
  condition: { type: 'threshold', op: '<', value: 0.031 },
  channels: ['email', 'webhook'],
  state: 'triggered',
  last_value: 0.024,
  last_triggered_at: '2026-11-27T06:10:00.000Z',
});
const ODD_CLICKS = alert({
  id: ids.odd,
  name: 'Odd clicks',
  metric: 'clicks',
  filters: {},
  condition: { type: 'anomaly' },
  channels: ['webhook'],
  state: 'stopped',
  last_value: null,
  last_day: null,
});
// Snoozed until three days from now, whenever the test runs.
const SNOOZE_END = new Date(Date.now() + 3 * DAY_MS).toISOString();
const QUIET = alert({
  id: ids.quiet,
  name: 'Big conversion days',
  metric: 'conversions',
  filters: { device: 'mobile' },
  condition: { type: 'threshold', op: '>', value: 500 },
  snoozed_until: SNOOZE_END,
  last_value: 1250,
});

const HISTORY: AlertHistoryEntry[] = [
  {
    at: '2026-11-27T06:10:00.000Z',
    day: '2026-11-26',
    event: 'triggered',
    value: 0.024,
    comparison: 0.031,
    notified: true,
  },
  {
    at: '2026-11-20T06:05:00.000Z',
    day: '2026-11-19',
    event: 'cleared',
    value: 0.0335,
    comparison: 0.031,
    notified: false,
  },
];

const listAnswer = (alerts: Alert[], patch: { max?: number; anomaly?: boolean } = {}) => ({
  body: { data: { alerts, max: 25, anomaly: true, ...patch } },
});

function renderPage(
  routes: Record<string, RouteHandler> = {},
  session: Partial<StoredSession> = { permission: 'user', plan: 'free_plus' },
) {
  const sent = stubRoutes({
    'GET /api/alerts': () => listAnswer([DROP, LOW_CTR, ODD_CLICKS, QUIET]),
    [`GET /api/alerts/${ids.ctr}/history`]: () => ({ body: { data: HISTORY } }),
    ...routes,
  });
  setSession(testSession(session));
  renderRoute('/account/alerts');
  return {
    sent,
    calls: (method: string, url: string) =>
      sent.filter((call) => call.method === method && call.url === url).map((call) => call.body),
  };
}

const list = () => screen.findByRole('list', { name: 'Your alerts' });
async function cardOf(name: string) {
  const card = (await within(await list()).findByRole('heading', { name })).closest('li');
  if (!card) throw new Error(`no card for ${name}`);
  return card;
}
const ruleOf = async (name: string) => within(await cardOf(name)).getByTestId('alert-rule');
/** A card's fact ("Last value:") as its value reads. */
const fact = (card: HTMLElement, term: string) =>
  within(card).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

async function menuOf(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

async function chooseAction(name: string, action: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

async function openCreate() {
  await userEvent.click(await screen.findByRole('button', { name: 'New alert' }));
  return screen.findByRole('dialog', { name: 'New alert' });
}

async function choose(dialog: HTMLElement, field: RegExp, option: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: field }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('/account/alerts list', () => {
  it('shows each alert as a sentence, with its state, channels and last reading', async () => {
    renderPage();
    expect(await ruleOf(DROP.name)).toHaveTextContent(
      'Revenue of Acme Shoes falls by at least 20% day over day',
    );
    expect(await ruleOf(LOW_CTR.name)).toHaveTextContent(
      'CTR of Spring sale · Country: DE is below 3.1%',
    );
    expect(await ruleOf(ODD_CLICKS.name)).toHaveTextContent('Clicks do something unusual');
    expect(await ruleOf(QUIET.name)).toHaveTextContent(
      'Conversions of Device: mobile are above 500',
    );

    const drop = await cardOf(DROP.name);
    expect(within(drop).getByText('OK')).toHaveAttribute('data-state', 'ok');
    expect(fact(drop, 'Last value:')).toBe('$412.50 on Nov 27, 2026');
    expect(fact(drop, 'Last triggered:')).toBe('never');
    const channels = within(drop).getByRole('list', { name: 'How you are told' });
    expect(
      within(channels)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Email']);

    const ctr = await cardOf(LOW_CTR.name);
    expect(within(ctr).getByText('Triggered')).toHaveAttribute('data-state', 'triggered');
    expect(fact(ctr, 'Last value:')).toBe('2.4% on Nov 27, 2026');
    expect(fact(ctr, 'Last triggered:')).toBe(formatCell(LOW_CTR.last_triggered_at, 'datetime'));
    expect(
      within(within(ctr).getByRole('list', { name: 'How you are told' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Email', 'Webhook']);

    const quiet = await cardOf(QUIET.name);
    expect(
      within(quiet).getByText(`Snoozed until ${formatCell(SNOOZE_END, 'datetime')}`),
    ).toHaveAttribute('data-state', 'snoozed');
    expect(within(quiet).queryByText('OK')).not.toBeInTheDocument();

    const odd = await cardOf(ODD_CLICKS.name);
    expect(within(odd).getByText('Stopped', { selector: '[data-state]' })).toBeInTheDocument();
    expect(odd).toHaveTextContent('Stopped: you can no longer see this data');
    expect(odd).toHaveTextContent('Change its filters to data you can see, or delete it.');
    expect(fact(odd, 'Last value:')).toBe('not checked yet');
    expect(within(drop).queryByText(/no longer see this data/)).not.toBeInTheDocument();

    expect(screen.getByText('4 of 25 alerts')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Account settings' });
    expect(within(menu).getByRole('link', { name: 'Alerts' })).toHaveAttribute(
      'href',
      '/account/alerts',
    );
  });

  it('offers snoozes on a watching alert, Wake on a snoozed one, and neither on a stopped one', async () => {
    renderPage();
    expect(await menuOf(DROP.name)).toEqual([
      'Edit',
      'Snooze 1 day',
      'Snooze 7 days',
      'Snooze 30 days',
      'History',
      'Delete',
    ]);
    await userEvent.keyboard('{Escape}');
    expect(await menuOf(QUIET.name)).toEqual(['Edit', 'Wake', 'History', 'Delete']);
    await userEvent.keyboard('{Escape}');
    expect(await menuOf(ODD_CLICKS.name)).toEqual(['Edit', 'History', 'Delete']);
  });

  it('introduces alerts when there are none, and opens the form from there', async () => {
    renderPage({ 'GET /api/alerts': () => listAnswer([]) });
    expect(await screen.findByRole('heading', { name: 'No alerts yet' })).toBeVisible();
    expect(screen.getByText(/set one from a dashboard with its bell button/)).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Your alerts' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create your first alert' }));
    expect(await screen.findByRole('dialog', { name: 'New alert' })).toBeVisible();
  });

  it('refuses another alert once the member has their most', async () => {
    renderPage({ 'GET /api/alerts': () => listAnswer([DROP, LOW_CTR], { max: 2 }) });
    const add = await screen.findByRole('button', { name: 'New alert' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(
      'You can keep at most 2 alerts. Delete one to add another.',
    );
  });

  it('says when the list could not be loaded and offers a retry', async () => {
    let fail = true;
    renderPage({
      'GET /api/alerts': () =>
        fail
          ? { status: 500, body: { message: 'The database is not answering.' } }
          : listAnswer([DROP]),
    });
    expect(await screen.findByText('Your alerts could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await cardOf(DROP.name)).toBeInTheDocument();
  });

  it('below Plus explains itself and links the owner to the upgrade, without asking the server', async () => {
    const { sent } = renderPage({}, { permission: 'owner', plan: 'free_core' });
    expect(await screen.findByRole('heading', { name: 'Alerts come with Plus' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the Plus plan' })).toHaveAttribute(
      'href',
      '/account/upgrade?plan=free_plus',
    );
    expect(sent.filter((call) => call.url.startsWith('/api/alerts'))).toEqual([]);
  });

  it('tells a member below Plus whom to ask, since the upgrade is not theirs', async () => {
    const { sent } = renderPage({}, { permission: 'user', plan: 'free_core' });
    expect(await screen.findByRole('heading', { name: 'Alerts come with Plus' })).toBeVisible();
    expect(screen.getByText('Ask your account owner to move the account to Plus.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'See the Plus plan' })).not.toBeInTheDocument();
    expect(sent.filter((call) => call.url.startsWith('/api/alerts'))).toEqual([]);
  });

  it('is open to an advertiser user on Plus', async () => {
    renderPage({}, { permission: 'advertiser', plan: 'free_plus', advertiser_name: 'Acme Shoes' });
    expect(await cardOf(DROP.name)).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    renderPage();
    await cardOf(DROP.name);
    try {
      await act(() => i18n.changeLanguage('es'));
      expect(screen.getByRole('heading', { level: 1, name: 'Alertas' })).toBeVisible();
      expect(screen.getByText(/Entérate cuando se mueve una cifra que vigilas/)).toBeVisible();
      const cards = screen.getByRole('list', { name: 'Tus alertas' });
      const rules = within(cards)
        .getAllByTestId('alert-rule')
        .map((rule) => rule.textContent?.replace(/\s+/g, ' '));
      expect(rules).toEqual([
        'Los ingresos de Acme Shoes bajan al menos un 20 % respecto al día anterior',
        'El CTR de Spring sale · País: DE está por debajo de 3,1 %',
        'Los clics se comportan de forma inusual',
        'Las conversiones de Dispositivo: mobile están por encima de 500',
      ]);
      expect(within(cards).getByText('Disparada')).toHaveAttribute('data-state', 'triggered');
      expect(within(cards).getByText('Normal')).toHaveAttribute('data-state', 'ok');
      await userEvent.click(screen.getByRole('button', { name: 'Nueva alerta' }));
      const dialog = await screen.findByRole('dialog', { name: 'Nueva alerta' });
      expect(within(dialog).getByLabelText(/^Nombre/)).toBeVisible();
      expect(within(dialog).getByRole('combobox', { name: /^Métrica/ })).toHaveTextContent(
        'Ingresos',
      );
      expect(within(dialog).getByRole('group', { name: 'Solo para (opcional)' })).toBeVisible();
      expect(within(dialog).getByLabelText('Anunciante')).toBeVisible();
      expect(within(dialog).getByRole('checkbox', { name: 'Webhook' })).toHaveAccessibleDescription(
        /eligieron el evento alert\.triggered/,
      );
      expect(within(dialog).getByRole('button', { name: 'Crear alerta' })).toBeVisible();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('creating an alert', () => {
  const created = (body: unknown): RouteHandler => {
    const input = body as Pick<Alert, 'name' | 'metric' | 'filters' | 'condition' | 'channels'>;
    return () => ({
      status: 201,
      body: {
        data: alert({ ...input, id: ids.new, last_value: null, last_day: null }),
        message: 'Alert created.',
      },
    });
  };
  const createRoute = { 'POST /api/alerts': (body: unknown) => created(body)(body) };

  it('lays the form out in groups, the condition showing only its own fields', async () => {
    renderPage();
    const dialog = await openCreate();
    const groups = within(dialog).getAllByRole('group');
    expect(groups.map((group) => group.querySelector('legend')?.textContent)).toEqual([
      'Only for (optional)',
      'When',
      'Tell me by',
    ]);
    expect(
      within(groups[0]!)
        .getAllByRole('textbox')
        .map((box) => box.id),
    ).toEqual([
      'field-filter_advertiser',
      'field-filter_campaign',
      'field-filter_channel',
      'field-filter_country',
      'field-filter_device',
    ]);
    // A threshold on revenue, to start with: in dollars, not a percentage.
    expect(within(dialog).getByLabelText(/^Value/)).toHaveAccessibleDescription(
      'Revenue, payout and margin in US dollars.',
    );
    expect(within(dialog).queryByLabelText(/^Change/)).not.toBeInTheDocument();
    await choose(dialog, /^Condition/, 'Changes by a percentage');
    expect(within(dialog).getByLabelText(/^Change \(%\)/)).toBeVisible();
    expect(within(dialog).queryByLabelText(/^Value/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Email' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Webhook' })).toHaveAccessibleDescription(
      "To this account's webhook endpoints that chose the alert.triggered event.",
    );
  });

  it('takes a threshold on CTR as a percentage and sends the fraction', async () => {
    const { calls } = renderPage(createRoute);
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Low CTR');
    await choose(dialog, /^Metric/, 'CTR (clicks per impression)');
    const percent = within(dialog).getByLabelText(/^Value \(%\)/);
    expect(percent).toHaveAccessibleDescription('As a percentage: 3 for 3 %.');
    await userEvent.type(percent, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));

    expect(await screen.findByText('Alert created.')).toBeInTheDocument();
    expect(calls('POST', '/api/alerts')).toEqual([
      {
        name: 'Low CTR',
        metric: 'ctr',
        filters: {},
        condition: { type: 'threshold', op: '<', value: 0.03 },
        channels: ['email'],
      },
    ]);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await ruleOf('Low CTR')).toHaveTextContent('CTR is below 3%');
    expect(screen.getByText('5 of 25 alerts')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'New alert' })).toHaveFocus());
  });

  it('builds a signed change from "falls by at least 20 %", with the filters filled in', async () => {
    const { calls } = renderPage(createRoute);
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), '  Acme drop ');
    await userEvent.type(within(dialog).getByLabelText('Advertiser'), 'Acme Shoes');
    await choose(dialog, /^Condition/, 'Changes by a percentage');
    expect(
      within(dialog).getByRole('combobox', { name: /^Fires when the metric/ }),
    ).toHaveTextContent('Falls by at least');
    await userEvent.type(within(dialog).getByLabelText(/^Change \(%\)/), '20');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Webhook' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));

    await waitFor(() => expect(calls('POST', '/api/alerts')).toHaveLength(1));
    expect(calls('POST', '/api/alerts')[0]).toEqual({
      name: 'Acme drop',
      metric: 'revenue',
      filters: { advertiser: 'Acme Shoes' },
      condition: { type: 'change', window: 'day', pct: -20 },
      channels: ['email', 'webhook'],
    });
    expect(await ruleOf('Acme drop')).toHaveTextContent(
      'Revenue of Acme Shoes falls by at least 20% day over day',
    );
  });

  it('sends a positive change for "rises by at least", week over week', async () => {
    const { calls } = renderPage(createRoute);
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Payout jump');
    await choose(dialog, /^Metric/, 'Payout');
    await choose(dialog, /^Condition/, 'Changes by a percentage');
    await choose(dialog, /^Fires when the metric/, 'Rises by at least');
    await choose(dialog, /^Compared with/, 'The week before');
    await userEvent.type(within(dialog).getByLabelText(/^Change \(%\)/), '150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(calls('POST', '/api/alerts')).toHaveLength(1));
    expect(calls('POST', '/api/alerts')[0]).toMatchObject({
      metric: 'payout',
      condition: { type: 'change', window: 'week', pct: 150 },
    });
  });

  it('refuses a fall of more than 100 % and no channel at all, without sending', async () => {
    const { calls } = renderPage(createRoute);
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Too far');
    await choose(dialog, /^Condition/, 'Changes by a percentage');
    await userEvent.type(within(dialog).getByLabelText(/^Change \(%\)/), '120');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Email' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    expect(await within(dialog).findByText('Please enter a maximum of 100')).toBeVisible();
    expect(
      within(dialog).getByText('Choose how to be told: e-mail, webhook or both'),
    ).toBeVisible();
    expect(calls('POST', '/api/alerts')).toEqual([]);
  });

  it('offers "something unusual" only on Plus AI, saying why', async () => {
    renderPage({ 'GET /api/alerts': () => listAnswer([DROP], { anomaly: false }) });
    const dialog = await openCreate();
    const condition = within(dialog).getByRole('combobox', { name: /^Condition/ });
    expect(condition).toHaveAccessibleDescription(
      '“Does something unusual” comes with the Plus AI plan.',
    );
    await userEvent.click(condition);
    expect(
      await screen.findByRole('option', { name: 'Does something unusual (Plus AI)' }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'Changes by a percentage' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('takes "something unusual" on Plus AI, but not on a ratio', async () => {
    const { calls } = renderPage(createRoute);
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Odd CVR');
    await choose(dialog, /^Metric/, 'CVR (conversions per click)');
    await choose(dialog, /^Condition/, 'Does something unusual');
    expect(within(dialog).queryByLabelText(/^Value/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    const metric = within(dialog).getByRole('combobox', { name: /^Metric/ });
    await waitFor(() => expect(metric).toHaveAttribute('aria-invalid', 'true'));
    expect(metric).toHaveAccessibleDescription(
      'Anomalies are found in counts and amounts: choose another metric',
    );
    expect(calls('POST', '/api/alerts')).toEqual([]);

    await choose(dialog, /^Metric/, 'Conversions');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(calls('POST', '/api/alerts')).toHaveLength(1));
    expect(calls('POST', '/api/alerts')[0]).toMatchObject({
      metric: 'conversions',
      condition: { type: 'anomaly' },
    });
  });

  it("shows the server's refusal under the field it names, and stays open", async () => {
    const { calls } = renderPage({
      'POST /api/alerts': () => ({
        status: 400,
        body: { message: 'You already have an alert with this name.', inputError: 'name' },
      }),
    });
    const dialog = await openCreate();
    const name = within(dialog).getByLabelText(/^Name/);
    await userEvent.type(name, DROP.name);
    await userEvent.type(within(dialog).getByLabelText(/^Value/), '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining('You already have an alert with this name.'),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'You already have an alert with this name.',
    );
    expect(calls('POST', '/api/alerts')).toEqual([
      {
        name: DROP.name,
        metric: 'revenue',
        filters: {},
        condition: { type: 'threshold', op: '<', value: 100 },
        channels: ['email'],
      },
    ]);
    expect(screen.getByRole('dialog', { name: 'New alert' })).toBeInTheDocument();
  });

  it('shows a refusal of a part of the condition under the field that holds it', async () => {
    renderPage({
      'POST /api/alerts': () => ({
        status: 400,
        body: { message: 'That change is too small to tell.', inputError: 'condition.pct' },
      }),
    });
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Tiny');
    await choose(dialog, /^Condition/, 'Changes by a percentage');
    const pct = within(dialog).getByLabelText(/^Change \(%\)/);
    await userEvent.type(pct, '0.001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(pct).toHaveAttribute('aria-invalid', 'true'));
    expect(pct).toHaveAccessibleDescription(
      expect.stringContaining('That change is too small to tell.'),
    );
  });
});

describe('changing an alert', () => {
  it('opens with the ratio as a percentage and sends only what changed', async () => {
    const saved: Alert = {
      ...LOW_CTR,
      name: 'CTR under 2.5 %',
      condition: { type: 'threshold', op: '<', value: 0.025 },
    };
    const { calls } = renderPage({
      [`PATCH /api/alerts/${ids.ctr}`]: () => ({ body: { data: saved, message: 'Alert saved.' } }),
    });
    await chooseAction(LOW_CTR.name, 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' });
    expect(within(dialog).getByRole('combobox', { name: /^Metric/ })).toHaveTextContent(
      'CTR (clicks per impression)',
    );
    const percent = within(dialog).getByLabelText(/^Value \(%\)/);
    expect(percent).toHaveValue('3.1');
    expect(within(dialog).getByLabelText('Campaign')).toHaveValue('Spring sale');
    expect(within(dialog).getByLabelText('Country')).toHaveValue('DE');
    expect(within(dialog).getByRole('checkbox', { name: 'Webhook' })).toBeChecked();
    const name = within(dialog).getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'CTR under 2.5 %');
    await userEvent.clear(percent);
    await userEvent.type(percent, '2.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Alert saved.')).toBeInTheDocument();
    expect(calls('PATCH', `/api/alerts/${ids.ctr}`)).toEqual([
      { name: 'CTR under 2.5 %', condition: { type: 'threshold', op: '<', value: 0.025 } },
    ]);
    expect(await ruleOf('CTR under 2.5 %')).toHaveTextContent(
      'CTR of Spring sale · Country: DE is below 2.5%',
    );
  });

  it('closes without a call when nothing changed', async () => {
    const { sent } = renderPage();
    await chooseAction(DROP.name, 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' });
    expect(within(dialog).getByLabelText(/^Change \(%\)/)).toHaveValue('20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent.filter((call) => call.method === 'PATCH')).toEqual([]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `Actions for ${DROP.name}` })).toHaveFocus(),
    );
  });

  it('snoozes for a week by sending the instant it ends', async () => {
    const { calls } = renderPage({
      [`PATCH /api/alerts/${ids.drop}`]: (body) => ({
        body: {
          data: { ...DROP, snoozed_until: (body as { snoozed_until: string }).snoozed_until },
          message: 'Alert snoozed.',
        },
      }),
    });
    const before = Date.now();
    await chooseAction(DROP.name, 'Snooze 7 days');
    await waitFor(() => expect(calls('PATCH', `/api/alerts/${ids.drop}`)).toHaveLength(1));
    const [body] = calls('PATCH', `/api/alerts/${ids.drop}`) as [{ snoozed_until: string }];
    expect(Object.keys(body)).toEqual(['snoozed_until']);
    const until = Date.parse(body.snoozed_until);
    expect(until).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);
    expect(await screen.findByText('Alert snoozed.')).toBeInTheDocument();
    const card = await cardOf(DROP.name);
    expect(
      within(card).getByText(`Snoozed until ${formatCell(body.snoozed_until, 'datetime')}`),
    ).toHaveAttribute('data-state', 'snoozed');
    expect(within(card).queryByText('OK')).not.toBeInTheDocument();
  });

  it('wakes a snoozed alert with null', async () => {
    const { calls } = renderPage({
      [`PATCH /api/alerts/${ids.quiet}`]: () => ({
        body: { data: { ...QUIET, snoozed_until: null }, message: 'Alert woken.' },
      }),
    });
    await chooseAction(QUIET.name, 'Wake');
    expect(await screen.findByText('Alert woken.')).toBeInTheDocument();
    expect(calls('PATCH', `/api/alerts/${ids.quiet}`)).toEqual([{ snoozed_until: null }]);
    expect(within(await cardOf(QUIET.name)).getByText('OK')).toHaveAttribute('data-state', 'ok');
  });

  it('asks before deleting, and deletes only once confirmed', async () => {
    const { calls } = renderPage({
      [`DELETE /api/alerts/${ids.odd}`]: () => ({
        body: { data: null, message: 'Alert deleted.' },
      }),
    });
    await chooseAction(ODD_CLICKS.name, 'Delete');
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this alert?' });
    expect(confirm).toHaveTextContent(`The alert ${ODD_CLICKS.name} and its history are deleted`);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(calls('DELETE', `/api/alerts/${ids.odd}`)).toEqual([]);

    await chooseAction(ODD_CLICKS.name, 'Delete');
    const again = await screen.findByRole('alertdialog', { name: 'Delete this alert?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Delete alert' }));
    expect(await screen.findByText('Alert deleted.')).toBeInTheDocument();
    expect(calls('DELETE', `/api/alerts/${ids.odd}`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: ODD_CLICKS.name })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('3 of 25 alerts')).toBeInTheDocument();
  });
});

describe('history', () => {
  const table = () => screen.findByRole('table', { name: `History of ${LOW_CTR.name}` });

  it('lists what the alert did, newest first, in its metric’s units', async () => {
    const { calls } = renderPage();
    await chooseAction(LOW_CTR.name, 'History');
    const heading = await screen.findByRole('heading', { name: 'History' });
    await waitFor(() => expect(heading).toHaveFocus());
    const history = await table();
    const rows = await waitFor(() => {
      const found = within(history).getAllByRole('row').slice(1);
      expect(found).toHaveLength(2);
      expect(found[0]).toHaveTextContent('Triggered');
      return found;
    });
    const [fired, cleared] = rows as [HTMLElement, HTMLElement];
    expect(within(fired).getByText('Triggered')).toHaveAttribute('data-event', 'triggered');
    expect(fired).toHaveTextContent(formatCell(HISTORY[0]!.at, 'datetime'));
    expect(fired).toHaveTextContent('Nov 26, 2026');
    expect(fired).toHaveTextContent('2.4%');
    expect(fired).toHaveTextContent('3.1%');
    expect(fired).toHaveTextContent('Yes');
    expect(within(cleared).getByText('Cleared')).toHaveAttribute('data-event', 'cleared');
    expect(cleared).toHaveTextContent('3.35%');
    expect(cleared).toHaveTextContent('No');
    expect(calls('GET', `/api/alerts/${ids.ctr}/history`)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Hide history' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: LOW_CTR.name })).toHaveFocus();
  });

  it('says so when the alert has never fired', async () => {
    renderPage({ [`GET /api/alerts/${ids.drop}/history`]: () => ({ body: { data: [] } }) });
    await chooseAction(DROP.name, 'History');
    expect(await screen.findByText('Nothing yet: this alert has not fired.')).toBeVisible();
  });

  it('lays the history out as cards on a phone', async () => {
    mockScreen({ phone: true });
    renderPage();
    await chooseAction(LOW_CTR.name, 'History');
    const cards = await screen.findByRole('list', { name: `History of ${LOW_CTR.name}` });
    expect(within(cards).getAllByRole('heading', { level: 4 })).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
