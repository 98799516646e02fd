import { describe, expect, it } from 'vitest';
import {
  DRAWN_SIGN_IN_OPTIONS,
  fillSignInOptions,
  inDrawnOrder,
  signInOptionsElement,
} from './prerendered-html';

// A drawn sign-in page as the build writes it (the web app's markers, shortened).
const item = (id: string) =>
  `<li data-provider="${id}"><a href="/auth/${id}?locale=en"><svg></svg>Continue with prerender-fill-provider-${id}</a></li>`;
const DRAWN = [
  '<form></form>',
  '<div class="grid gap-3" data-sign-in-providers=""><div class="divider"><span></span>Or<span></span></div>',
  `<ul class="grid gap-2">${item('google')}${item('microsoft')}${item('oidc')}</ul></div>`,
  '<div class="links"><a href="/forgotpassword">Forgot?</a></div>',
  '<aside><a href="https://prerender-fill.invalid/brand" class="w-fit" data-brand-link="">Learn more</a></aside>',
].join('');

describe('a drawn page cut to the server’s sign-in options', () => {
  it('without providers or a brand link, loses the whole block and the link, and nothing else', () => {
    expect(fillSignInOptions(DRAWN, { providers: [] })).toBe(
      '<form></form><div class="links"><a href="/forgotpassword">Forgot?</a></div><aside></aside>',
    );
  });

  it('keeps the providers it has, under their names (escaped), and writes its brand link in', () => {
    const html = fillSignInOptions(DRAWN, {
      providers: [
        { id: 'google', name: 'Google' },
        { id: 'oidc', name: 'Acme <SSO> & "Co"' },
      ],
      brandUrl: 'https://partners.example.test/?a=1&b="2"',
    });
    expect(html).toContain(
      `<ul class="grid gap-2"><li data-provider="google"><a href="/auth/google?locale=en"><svg></svg>Continue with Google</a></li><li data-provider="oidc"><a href="/auth/oidc?locale=en"><svg></svg>Continue with Acme &lt;SSO&gt; &amp; &quot;Co&quot;</a></li></ul></div>`,
    );
    expect(html).not.toContain('microsoft');
    expect(html).toContain('data-sign-in-providers=""');
    expect(html).toContain(
      '<a href="https://partners.example.test/?a=1&amp;b=&quot;2&quot;" class="w-fit" data-brand-link="">Learn more</a>',
    );
    expect(html).not.toContain('prerender-fill');
  });

  it('with every provider drawn, differs from the drawing only in the names', () => {
    const names = { google: 'Google', microsoft: 'Microsoft', oidc: 'Okta' };
    const all = {
      providers: DRAWN_SIGN_IN_OPTIONS.providers.map(({ id }) => ({ id, name: names[id] })),
      brandUrl: 'https://example.test/',
    };
    const html = fillSignInOptions(DRAWN, all);
    expect(html.match(/<li data-provider=/g)).toHaveLength(3);
    expect(html).toContain('Continue with Okta</a>');
  });

  it('puts the providers in the order they were drawn in', () => {
    const sorted = inDrawnOrder({
      providers: [
        { id: 'oidc', name: 'Okta' },
        { id: 'google', name: 'Google' },
      ],
    });
    expect(sorted.providers.map(({ id }) => id)).toEqual(['google', 'oidc']);
  });

  it('carries the options in a JSON element no value can end early', () => {
    const element = signInOptionsElement({
      providers: [{ id: 'oidc', name: '</script><script>alert(1)</script>' }],
    });
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    const json = element.slice(element.indexOf('>') + 1, element.lastIndexOf('</script>'));
    expect(JSON.parse(json).providers[0].name).toBe('</script><script>alert(1)</script>');
  });
});
