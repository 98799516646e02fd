import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, api } from './api-client';
import { testSession } from '@/test/test-session';
import { setSession } from './session-store';

function mockFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentHeaders(fetchMock: ReturnType<typeof mockFetch>): Headers {
  const init = fetchMock.mock.calls[0]?.[1] as RequestInit | undefined;
  return new Headers(init?.headers);
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('api client', () => {
  it('unwraps { data } and validates it with the given schema', async () => {
    mockFetch(200, { data: { ok: true }, message: 'Saved' });
    await expect(api.get('/api/x', { schema: z.object({ ok: z.boolean() }) })).resolves.toEqual({
      data: { ok: true },
      message: 'Saved',
    });
  });

  it('reports an answer that does not match the schema as an error, not as no connection', async () => {
    mockFetch(200, { data: { ok: 'yes' } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failed = api.get('/api/x', { schema: z.object({ ok: z.boolean() }) });
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.toMatchObject({
      status: 200,
      message: 'Something went wrong. Please try again.',
    });
    expect(warn).toHaveBeenCalledWith('Unreadable answer from GET /api/x', expect.any(Array));
    warn.mockRestore();
  });

  it('sends the bearer token and Accept-Language from the stored user', async () => {
    setSession(testSession({ token: 'abc.def.ghi', locale: 'es' }));
    const fetchMock = mockFetch(200, { data: null });
    await api.get('/api/user');
    const headers = sentHeaders(fetchMock);
    expect(headers.get('authorization')).toBe('Bearer abc.def.ghi');
    expect(headers.get('accept-language')).toBe('es');
  });

  it('echoes the XSRF cookie on unsafe methods only, and only to our origin', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
    let fetchMock = mockFetch(200, { data: null });
    await api.post('/api/event', { name: 'x' });
    expect(sentHeaders(fetchMock).get('x-xsrf-token')).toBe('xsrf-value');
    expect(sentHeaders(fetchMock).get('content-type')).toBe('application/json');

    fetchMock = mockFetch(200, { data: null });
    await api.get('/api/user');
    expect(sentHeaders(fetchMock).get('x-xsrf-token')).toBeNull();

    fetchMock = mockFetch(200, { data: null });
    await api.post('https://third-party.example/api', {});
    expect(sentHeaders(fetchMock).get('x-xsrf-token')).toBeNull();
    expect(sentHeaders(fetchMock).get('authorization')).toBeNull();
  });

  it('turns error answers into ApiError with inputError and plan', async () => {
    mockFetch(400, { message: 'Please enter a valid email address', inputError: 'email' });
    const error = await api.post('/api/account', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Please enter a valid email address',
      inputError: 'email',
    });

    mockFetch(402, { message: 'Upgrade', plan: 'free_plus' });
    await expect(api.post('/api/account/plan', {})).rejects.toMatchObject({
      status: 402,
      plan: 'free_plus',
    });
  });

  it('reports a network failure as status 0 with a translated message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('/api/health')).rejects.toMatchObject({
      status: 0,
      message: expect.stringMatching(/could not reach the server/),
    });
  });
});
