import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DigestPreview } from '@partner-portal/shared/digests';
import type { StoredSession } from '@partner-portal/shared/user';
import { dismissToast } from '@/components/ui/toast-store';
import { clearSession, getSession, setSession } from '@/lib/session-store';
import { currentUser, json } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
  // The toast store outlives a test: a "saved" toast left open would be found twice by the next.
  dismissToast();
});

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

const MADRID = { timezone: 'Europe/Madrid' } satisfies Partial<StoredSession>;

function preview(query: Record<string, string>, extra: Partial<DigestPreview> = {}): DigestPreview {
  const frequency = (query.frequency ?? 'weekly') as DigestPreview['frequency'];
  const csv = query.csv === 'true';
  return {
    status: 'ready',
    account_name: 'Northwind Media',
    frequency,
    timezone: query.timezone ?? 'UTC',
    period: { from: '2026-11-23', to: '2026-11-29' },
    send_at: '2026-11-30T07:00:00.000Z',
    shown_period: { from: '2026-11-16', to: '2026-11-22' },
    subject: `Your ${frequency} report`,
    html: `<p>${frequency} digest, csv ${csv}</p>`,
    text: 'digest',
    attachment: csv ? 'report-2026-11-16.csv' : null,
    ...extra,
  };
}

/**
 * The notifications screen's API: the switches (report_digest as `digestOn`), PATCH /api/user
 * answering the patched user, and the preview built from its query by `answerPreview`.
 */
function stubDigestApi({
  session = {},
  digestOn,
  answerPreview = (query) => json(200, { data: preview(query) }),
}: {
  session?: Partial<StoredSession>;
  digestOn: boolean;
  answerPreview?: (query: Record<string, string>) => Response;
}): Call[] {
  const calls: Call[] = [];
  const list = [
    { name: 'new_signin', active: true },
    { name: 'plan_updated', active: true },
    { name: 'card_updated', active: true },
    { name: 'invite_accepted', active: true },
    { name: 'report_digest', active: digestOn },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      const query = Object.fromEntries(searchParams);
      const body: unknown = init.body ? JSON.parse(String(init.body)) : null;
      if (pathname !== '/api/auth') calls.push({ method, path: pathname, query, body });
      switch (`${method} ${pathname}`) {
        case 'GET /api/notification':
          return json(200, { data: list });
        case 'PATCH /api/notification':
          return json(200, {
            data: list.map((item) => ({
              ...item,
              active: (body as Record<string, boolean>)[item.name] ?? item.active,
            })),
          });
        case 'PATCH /api/user':
          return json(200, currentUser({ ...getSession(), ...(body as object) }));
        case 'GET /api/digest/preview':
          return answerPreview(query);
        default:
          return json(200, { data: null });
      }
    }),
  );
  setSession(testSession(session));
  renderRoute('/account/notifications');
  return calls;
}

const previews = (calls: Call[]) =>
  calls.filter((call) => call.path === '/api/digest/preview').map((call) => call.query);
const saves = (calls: Call[]) =>
  calls.filter((call) => call.method === 'PATCH').map(({ path, body }) => ({ path, body }));
const frame = () => screen.findByTitle('Preview of your report digest');

describe('/account/notifications report digest', () => {
  it('shows the settings and the preview only while the digest is on', async () => {
    const calls = stubDigestApi({ session: MADRID, digestOn: false });
    const toggle = await screen.findByRole('switch', { name: 'Report digest' });
    expect(toggle).not.toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Weekly (Mondays)' })).not.toBeInTheDocument();
    expect(screen.queryByTitle('Preview of your report digest')).not.toBeInTheDocument();

    await userEvent.click(toggle);
    const weekly = await screen.findByRole('radio', { name: 'Weekly (Mondays)' });
    expect(weekly).toBeChecked();
    expect(weekly).toHaveAccessibleDescription('Mondays at 08:00, covering the week before.');
    expect(screen.getByLabelText('Time zone')).toHaveValue('Europe/Madrid');
    expect(await frame()).toBeInTheDocument();

    await userEvent.click(toggle);
    expect(screen.queryByRole('radio', { name: 'Weekly (Mondays)' })).not.toBeInTheDocument();
    expect(screen.queryByTitle('Preview of your report digest')).not.toBeInTheDocument();
    // Turned back: nothing to save, and no preview was asked for while it was off.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(previews(calls)).toEqual([
      { frequency: 'weekly', timezone: 'Europe/Madrid', csv: 'false' },
    ]);
  });

  it('sends the digest fields that changed to PATCH /api/user and keeps the answer', async () => {
    const calls = stubDigestApi({ session: MADRID, digestOn: true });
    await userEvent.click(await screen.findByRole('radio', { name: 'Daily' }));
    await userEvent.selectOptions(screen.getByLabelText('Time zone'), 'America/New York');
    await userEvent.click(screen.getByRole('checkbox', { name: /Attach the period's rows/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(saves(calls)).toEqual([
      {
        path: '/api/user',
        body: { digest_frequency: 'daily', timezone: 'America/New_York', digest_csv: true },
      },
    ]);
    expect(getSession()).toMatchObject({
      digest_frequency: 'daily',
      timezone: 'America/New_York',
      digest_csv: true,
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(screen.getByRole('radio', { name: 'Daily' })).toBeChecked();
  });

  it('sends only what changed, and the switch with it', async () => {
    const calls = stubDigestApi({ session: MADRID, digestOn: false });
    await userEvent.click(await screen.findByRole('switch', { name: 'Report digest' }));
    await userEvent.click(
      await screen.findByRole('checkbox', {
        name: "Attach the period's rows as a CSV (up to 2,000 rows)",
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(saves(calls)).toEqual([
      { path: '/api/user', body: { digest_csv: true } },
      { path: '/api/notification', body: { report_digest: true } },
    ]);
  });

  it('offers and saves the browser time zone while none is saved', async () => {
    const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...resolvedOptions.call(this), timeZone: 'Asia/Tokyo' };
    });
    const calls = stubDigestApi({ session: { timezone: null }, digestOn: false });
    await userEvent.click(await screen.findByRole('switch', { name: 'Report digest' }));
    expect(await screen.findByLabelText('Time zone')).toHaveValue('Asia/Tokyo');
    expect(screen.getByText(/Your browser's time zone, saved with your next save/)).toBeVisible();
    expect(await frame()).toBeInTheDocument();
    expect(previews(calls)).toEqual([
      { frequency: 'weekly', timezone: 'Asia/Tokyo', csv: 'false' },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(saves(calls)).toEqual([
      { path: '/api/user', body: { timezone: 'Asia/Tokyo' } },
      { path: '/api/notification', body: { report_digest: true } },
    ]);
    expect(getSession()?.timezone).toBe('Asia/Tokyo');
  });

  it('shows the mail in a sandboxed frame and asks again for each draft choice', async () => {
    const calls = stubDigestApi({ session: MADRID, digestOn: true });
    const mail = await frame();
    expect(mail).toHaveAttribute('srcdoc', '<p>weekly digest, csv false</p>');
    expect(mail).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    expect(
      screen.getByRole('heading', {
        name: 'Your next digest — Monday, November 30, 2026 at 08:00 (Europe/Madrid)',
      }),
    ).toBeInTheDocument();
    // The figures shown are a whole period's, not the one under way.
    expect(
      screen.getByText(
        /^For Northwind Media · The next one covers Nov 23\s*–\s*29, 2026\. Below, the last complete period: Nov 16\s*–\s*22, 2026\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Attachment:/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Monthly (the 1st)' }));
    await waitFor(() => expect(mail).toHaveAttribute('srcdoc', '<p>monthly digest, csv false</p>'));
    await userEvent.click(screen.getByRole('checkbox', { name: /Attach the period's rows/ }));
    await waitFor(() => expect(mail).toHaveAttribute('srcdoc', '<p>monthly digest, csv true</p>'));
    expect(screen.getByText('Attachment: report-2026-11-16.csv')).toBeInTheDocument();
    expect(previews(calls)).toEqual([
      { frequency: 'weekly', timezone: 'Europe/Madrid', csv: 'false' },
      { frequency: 'monthly', timezone: 'Europe/Madrid', csv: 'false' },
      { frequency: 'monthly', timezone: 'Europe/Madrid', csv: 'true' },
    ]);
    // A preview saves nothing.
    expect(saves(calls)).toEqual([]);
  });

  it('says a period without data sends no digest', async () => {
    stubDigestApi({
      session: MADRID,
      digestOn: true,
      answerPreview: (query) =>
        json(200, {
          data: preview(query, { status: 'no_data', subject: null, html: null, text: null }),
        }),
    });
    expect(
      await screen.findByText(
        /^No report data for Nov 16\s*–\s*22, 2026, the last complete period: a digest with no data is not sent\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTitle('Preview of your report digest')).not.toBeInTheDocument();
  });

  it('says why no digest goes out when the account requires 2FA', async () => {
    stubDigestApi({
      session: MADRID,
      digestOn: true,
      answerPreview: (query) =>
        json(200, {
          data: preview(query, {
            status: 'two_factor_required',
            subject: null,
            html: null,
            text: null,
          }),
        }),
    });
    expect(await screen.findByText('Two-factor authentication needed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up two-factor authentication' })).toHaveAttribute(
      'href',
      '/account/2fa',
    );
  });

  it('offers a retry when the preview fails', async () => {
    let failures = 1;
    stubDigestApi({
      session: MADRID,
      digestOn: true,
      answerPreview: (query) =>
        failures-- > 0
          ? json(500, { message: 'The preview broke.' })
          : json(200, { data: preview(query) }),
    });
    expect(await screen.findByText('The preview could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await frame()).toHaveAttribute('srcdoc', '<p>weekly digest, csv false</p>');
  });
});
