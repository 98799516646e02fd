import { describe, expect, it } from 'vitest';
import { API_KEY_MAX_EXPIRY_DAYS } from './api-key-rules';
import { ApiKeyCreateInputSchema, createApiKeyCreateInputSchema } from './api-keys';
import { decodeMessage, translateFormMessage } from './form-messages';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-25T12:00:00Z');
const schema = createApiKeyCreateInputSchema(() => NOW);
const create = (expires_at: string | null | undefined) =>
  schema.safeParse({ name: 'Nightly sync', scope: ['report.read'], expires_at });
const at = (ms: number) => new Date(NOW + ms).toISOString();

describe('API key expiry (docs/product.md#api-keys)', () => {
  it.each([
    ['a day from now', at(DAY)],
    ['90 days from now', at(90 * DAY)],
    [`${API_KEY_MAX_EXPIRY_DAYS} days from now`, at(API_KEY_MAX_EXPIRY_DAYS * DAY)],
    ['never (null)', null],
    ['the default (absent)', undefined],
  ])('accepts %s', (_, expires_at) => {
    expect(create(expires_at).success).toBe(true);
  });

  it.each([
    ['3 seconds from now', at(3_000)],
    ['an hour short of a day', at(DAY - 3_600_000)],
    ['the past', at(-DAY)],
    ['a second past the longest', at(API_KEY_MAX_EXPIRY_DAYS * DAY + 1_000)],
  ])('refuses %s on expires_at, with the bounds in words', (_, expires_at) => {
    const result = create(expires_at);
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual(['expires_at']);
    expect(translateFormMessage('en', issue?.message ?? '')).toBe(
      `Choose an expiry between tomorrow and ${API_KEY_MAX_EXPIRY_DAYS} days from now`,
    );
    expect(translateFormMessage('es', issue?.message ?? '')).toBe(
      `Elige una caducidad entre mañana y dentro de ${API_KEY_MAX_EXPIRY_DAYS} días`,
    );
  });

  it('reads the clock when it checks, so the form’s schema stays right on a page left open', () => {
    const soon = new Date(Date.now() + 3_000).toISOString();
    const result = ApiKeyCreateInputSchema.safeParse({
      name: 'Nightly sync',
      scope: ['report.read'],
      expires_at: soon,
    });
    expect(decodeMessage(result.error?.issues[0]?.message ?? '').key).toBe(
      'global.form.apikey.error.expiry_range',
    );
  });
});
