import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { EmbedApi } from './embed-api';

const range = { from: '2026-01-01', to: '2026-01-31' };

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('EmbedApi', () => {
  it('sends the embed session, not the user, and reads the answer through its schema', async () => {
    const day = {
      date: '2026-01-01',
      impressions: 90,
      clicks: 9,
      conversions: 1,
      revenue: 10,
      payout: 4,
    };
    const fetchMock = answer(200, { data: [day] });
    await expect(new EmbedApi('session-1').trend(range)).resolves.toEqual([day]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/embed/trend?from=2026-01-01&to=2026-01-31');
    expect(new Headers(init.headers).get('Authorization')).toBe('Embed session-1');
  });

  it('refuses an answer its schema cannot read with the generic message', async () => {
    answer(200, { data: { tiles: 'not a list' } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failure = await new EmbedApi('s').kpis(range).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe(i18n.t('global.error.generic'));
    expect(warn).toHaveBeenCalledWith('Unreadable answer from /api/embed/kpis', expect.any(Array));
  });

  it("passes a refusal's own message on", async () => {
    answer(401, { message: 'This view has expired' });
    const failure = await new EmbedApi('s').kpis(range).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 401, message: 'This view has expired' });
  });
});
