import { describe, expect, it } from 'vitest';
import { SocialProvidersResponseSchema } from './social';

describe('GET /api/auth/providers answer', () => {
  it('may carry the brand link, and may leave it out', () => {
    expect(
      SocialProvidersResponseSchema.parse({ providers: [], brandUrl: 'https://example.com/p' }),
    ).toEqual({ providers: [], brandUrl: 'https://example.com/p' });
    expect(SocialProvidersResponseSchema.parse({ providers: [] })).toEqual({ providers: [] });
  });

  it('refuses a brand link that is not http(s), which the page would put in an href', () => {
    for (const brandUrl of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.com', '']) {
      expect(SocialProvidersResponseSchema.safeParse({ providers: [], brandUrl }).success).toBe(
        false,
      );
    }
  });
});
