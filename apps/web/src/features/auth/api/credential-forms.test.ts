import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubRoutes } from '@/test/fake-api';
import { applyTheme } from '@/lib/theme';
import { signUp, signUpInvited } from './credential-forms';

afterEach(() => {
  vi.unstubAllGlobals();
  applyTheme(false);
});

const FORM = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' };

describe('sign-up requests', () => {
  it('carry the look the visitor has, so the new user keeps it after signing up', async () => {
    // Refused, so that nothing else happens: only what was sent matters here.
    const refused = () => ({ status: 409, body: { message: 'taken' } });
    const sent = stubRoutes({ 'POST /api/account': refused, 'POST /api/user': refused });
    applyTheme(true);
    await signUp(FORM).catch(() => undefined);
    applyTheme(false);
    await signUpInvited({ ...FORM, invite_id: 'x'.repeat(16) }).catch(() => undefined);
    expect(sent.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'POST', url: '/api/account', body: { ...FORM, dark_mode: true } },
      {
        method: 'POST',
        url: '/api/user',
        body: { ...FORM, invite_id: 'x'.repeat(16), dark_mode: false },
      },
    ]);
  });
});
