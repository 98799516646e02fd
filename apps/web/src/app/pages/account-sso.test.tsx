import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SsoSettings } from '@partner-portal/shared/sso';
import type { StoredSession } from '@partner-portal/shared/user';
import { dismissToast } from '@/components/ui/toast-store';
import { changeLocale } from '@/lib/i18n';
import { clearSession, setSession } from '@/lib/session-store';
import { json } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

const SP = {
  entity_id: 'https://portal.test/api/sso/saml/a1/metadata',
  acs_url: 'https://portal.test/api/sso/saml/a1/acs',
  certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
  certificate_fingerprint: 'AB:CD:EF',
  metadata_url: 'https://portal.test/api/sso/saml/a1/metadata',
  oidc_redirect_uri: 'https://portal.test/api/sso/oidc/callback',
};
const EMPTY: SsoSettings = {
  connection: null,
  domains: [],
  service_provider: SP,
  scim: {
    base_url: 'https://portal.test/scim/v2',
    credential: null,
    group_mappings: [],
    groups: [],
  },
};
const RECORD = {
  type: 'TXT' as const,
  name: '_partner-portal.acme.example',
  value: 'partner-portal-verification=tok3n',
};
const OIDC: SsoSettings = {
  ...EMPTY,
  connection: {
    protocol: 'oidc',
    saml: null,
    oidc: { issuer: 'https://acme.okta.com', client_id: 'portal' },
    default_permission: 'user',
    require_sso: false,
    trust_idp_mfa: false,
    allow_idp_initiated: false,
    updated_at: '2026-12-01T10:00:00.000Z',
  },
};

/** Our API at the fetch edge: GET answers `settings`; each change answers what `change` says. */
function serve(
  settings: SsoSettings,
  change: (method: string, url: string, body: unknown) => { status?: number; body: unknown },
) {
  const gets: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method === 'GET') {
        if (url === '/api/account/sso') gets.push(url);
        return json(200, { data: url === '/api/account/sso' ? settings : null });
      }
      const answer = change(method, url, init.body ? JSON.parse(String(init.body)) : undefined);
      return json(answer.status ?? 200, answer.body);
    }),
  );
  return gets;
}

function openSso(session: Partial<StoredSession> = {}) {
  setSession(testSession({ permission: 'owner', plan: 'free_pro', ...session }));
  return renderRoute('/account/sso');
}

afterEach(async () => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
  clearSession();
  await changeLocale('en');
});

describe('/account/sso', () => {
  it('below Pro explains itself and links to the upgrade, without asking the server', async () => {
    const gets = serve(EMPTY, () => ({ body: { data: EMPTY } }));
    openSso({ plan: 'free_plus' });
    expect(await screen.findByText('Single sign-on comes with Pro')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the Pro plan' })).toHaveAttribute(
      'href',
      '/account/upgrade?plan=free_pro',
    );
    expect(gets).toEqual([]);
  });

  it('sets up an OpenID Connect provider with the shared schema’s nested body', async () => {
    const sent: unknown[] = [];
    serve(EMPTY, (method, url, body) => {
      sent.push({ method, url, body });
      return { body: { data: OIDC, message: 'Single sign-on saved.' } };
    });
    openSso();
    await userEvent.click(await screen.findByRole('combobox', { name: /^Protocol/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'OpenID Connect' }));
    await userEvent.type(screen.getByLabelText(/^Issuer URL/), 'https://acme.okta.com');
    await userEvent.type(screen.getByLabelText(/^Client ID/), 'portal');
    await userEvent.type(screen.getByLabelText(/^Client secret/), 'shh');
    await userEvent.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: '/api/account/sso',
      body: {
        protocol: 'oidc',
        oidc: { issuer: 'https://acme.okta.com', client_id: 'portal', client_secret: 'shh' },
        default_permission: 'user',
        require_sso: false,
        trust_idp_mfa: false,
        allow_idp_initiated: false,
      },
    });
    expect(await screen.findByText('Set up with OpenID Connect.')).toBeInTheDocument();
  });

  it('sets up a SAML provider from its metadata, with IdP-initiated sign-in turned on', async () => {
    const sent: unknown[] = [];
    serve(EMPTY, (_method, _url, body) => {
      sent.push(body);
      return { body: { data: EMPTY, message: 'Single sign-on saved.' } };
    });
    openSso();
    await userEvent.type(
      await screen.findByLabelText(/^Identity provider metadata/),
      '<md:EntityDescriptor/>',
    );
    await userEvent.click(
      screen.getByRole('switch', { name: /Allow sign-in from the identity provider/ }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      protocol: 'saml',
      saml: { metadata_xml: '<md:EntityDescriptor/>' },
      default_permission: 'user',
      require_sso: false,
      trust_idp_mfa: false,
      allow_idp_initiated: true,
    });
  });

  it('makes a SCIM token and shows it once', async () => {
    const calls: string[] = [];
    serve(EMPTY, (method, url) => {
      calls.push(`${method} ${url}`);
      return {
        status: 201,
        body: {
          data: {
            token: 'pp_scim_secret-token-value',
            scim: {
              base_url: 'https://portal.test/scim/v2',
              group_mappings: [],
              groups: [],
              credential: {
                stub: 'pp_scim_secr…alue',
                created_at: '2026-12-03T10:00:00.000Z',
                last_used_at: null,
              },
            },
          },
          message: 'SCIM token made.',
        },
      };
    });
    openSso();
    expect(await screen.findByText('https://portal.test/scim/v2')).toBeInTheDocument();
    expect(screen.getByText('No token yet: nobody is provisioned.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Make a SCIM token' }));
    expect(await screen.findByText('pp_scim_secret-token-value')).toBeInTheDocument();
    expect(screen.getByText('Copy this token now: it is not shown again.')).toBeInTheDocument();
    expect(await screen.findByText(/Token pp_scim_secr…alue, made/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace the token' })).toBeInTheDocument();
    expect(calls).toEqual(['POST /api/account/sso/scim-token']);
  });

  it('maps an IdP group to a permission, and refuses a group mapped twice', async () => {
    const mapped: SsoSettings = {
      ...EMPTY,
      scim: {
        ...EMPTY.scim,
        group_mappings: [{ group: 'Partner Portal Admins', permission: 'admin' }],
        groups: [{ name: 'Partner Portal Admins', members: 2 }],
      },
    };
    const sent: unknown[] = [];
    serve(EMPTY, (method, url, body) => {
      sent.push({ method, url, body });
      return { body: { data: mapped, message: 'Group permissions saved.' } };
    });
    openSso();
    expect(await screen.findByText('No group mapped yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Group name/), 'Partner Portal Admins');
    await userEvent.click(screen.getByRole('button', { name: 'Map group' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: '/api/account/sso/scim-groups',
      body: { mappings: [{ group: 'Partner Portal Admins', permission: 'admin' }] },
    });
    expect(await screen.findByText('Partner Portal Admins → Admin')).toBeInTheDocument();
    expect(
      screen.getByText('Groups pushed so far: Partner Portal Admins (2 members).'),
    ).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Group name/), 'partner portal admins');
    await userEvent.click(screen.getByRole('button', { name: 'Map group' }));
    expect(await screen.findByText('Each group can be mapped once')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('sends the metadata URL instead, and shows its refusal under that field', async () => {
    const sent: unknown[] = [];
    serve(EMPTY, (_method, _url, body) => {
      sent.push(body);
      return {
        status: 400,
        body: {
          message: 'That address points into a private network.',
          inputError: 'saml.metadata_url',
        },
      };
    });
    openSso();
    const field = await screen.findByLabelText(/^Or its metadata URL/);
    await userEvent.type(field, 'https://idp.example.test/metadata');
    await userEvent.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    expect(
      await screen.findByText('That address points into a private network.'),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent[0]).toMatchObject({ saml: { metadata_url: 'https://idp.example.test/metadata' } });
  });

  it('shows the server’s refusal of the metadata under its field', async () => {
    serve(EMPTY, () => ({
      status: 400,
      body: { message: 'The metadata is not well-formed XML.', inputError: 'saml.metadata_xml' },
    }));
    openSso();
    const field = await screen.findByLabelText(/^Identity provider metadata/);
    await userEvent.type(field, 'not xml');
    await userEvent.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    expect(await screen.findByText('The metadata is not well-formed XML.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds a domain, shows the record to publish, and verifies it', async () => {
    const waiting = {
      ...OIDC,
      domains: [{ domain: 'acme.example', verified_at: null, record: RECORD }],
    };
    const verified = {
      ...waiting,
      domains: [{ ...waiting.domains[0]!, verified_at: '2026-12-02T10:00:00.000Z' }],
    };
    const calls: string[] = [];
    serve(OIDC, (method, url) => {
      calls.push(`${method} ${url}`);
      return url.endsWith('/verify')
        ? { body: { data: verified, message: 'acme.example is verified.' } }
        : { status: 201, body: { data: waiting, message: 'Publish the TXT record below.' } };
    });
    openSso();
    await userEvent.type(await screen.findByLabelText(/^Add a domain/), 'acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    const item = (await screen.findByText('acme.example')).closest('li')!;
    expect(within(item).getByText('Waiting for DNS')).toBeInTheDocument();
    expect(within(item).getByText(RECORD.name)).toBeInTheDocument();
    expect(within(item).getByText(RECORD.value)).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Verify now' }));
    expect(await within(item).findByText('Verified')).toBeInTheDocument();
    expect(calls).toEqual([
      'POST /api/account/sso/domains',
      'POST /api/account/sso/domains/acme.example/verify',
    ]);
  });

  it('shows what to give the identity provider, in Spanish', async () => {
    await changeLocale('es');
    serve(EMPTY, () => ({ body: { data: EMPTY } }));
    openSso();
    expect(await screen.findByText('Para tu proveedor de identidad')).toBeInTheDocument();
    expect(screen.getByText(SP.oidc_redirect_uri)).toBeInTheDocument();
    expect(screen.getByText(SP.certificate_fingerprint)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Descargar certificado (.pem)' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Copiar URI de redirección (OpenID Connect)' }),
    ).toBeInTheDocument();
  });
});
