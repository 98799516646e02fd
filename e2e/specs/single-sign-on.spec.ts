import type { APIRequestContext } from '@playwright/test';
import { apiSignIn, createVerifiedPartner, xsrfHeaders } from '../fixtures/accounts';
import { openSignedIn } from '../fixtures/session';
import { publishTxt } from '../fixtures/dns-control';
import {
  expect,
  expectNoA11yViolations,
  expectNoSidewaysScroll,
  saveScreen,
  test,
} from '../fixtures/test';

/*
 * Single sign-on by OpenID Connect and SAML 2.0 (docs/product.md#single-sign-on), as a partner's
 * staff use it: a Pro owner puts the account behind the company IdP for a domain proved by DNS,
 * and a person on that domain signs in through the IdP from the sign-in screen, joining the
 * account on the way.
 */
const PASSWORD = 'Sso-owner-pass-1!';

/** A Pro owner whose account signs in through one of the run's company IdPs, for a fresh domain. */
async function ssoOwner(
  request: APIRequestContext,
  protocol: 'oidc' | 'saml' = 'oidc',
): Promise<{ domain: string; email: string }> {
  const suffix = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const email = `sso-owner-${suffix}@example.test`;
  await createVerifiedPartner(request, email, PASSWORD);
  const session = await apiSignIn(request, email, PASSWORD);
  const headers = { ...(await xsrfHeaders(request)), authorization: `Bearer ${session.token}` };
  const call = async (method: 'post' | 'put', url: string, data: object) => {
    const answer = await request[method](url, { headers, data });
    if (!answer.ok()) throw new Error(`${url}: ${answer.status()} ${await answer.text()}`);
    return ((await answer.json()) as { data: Record<string, unknown> }).data;
  };
  const card = await call('post', '/api/billing/local/cards', {
    number: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
    name: 'Owner',
  });
  await call('post', '/api/account/upgrade', { plan: 'free_pro', token: card.token });
  const saml = async () => ({
    metadata_xml: await (await request.get(`${process.env.E2E_SAML_IDP_URL}/metadata`)).text(),
  });
  await call('put', '/api/account/sso', {
    protocol,
    ...(protocol === 'saml'
      ? { saml: await saml() }
      : {
          oidc: {
            issuer: process.env.E2E_SSO_ISSUER,
            client_id: 'partner-portal',
            client_secret: 'company-idp-secret',
          },
        }),
    default_permission: 'user',
  });
  const domain = `company-${suffix}.example`;
  const added = (await call('post', '/api/account/sso/domains', { domain })) as {
    domains: { record: { name: string; value: string } }[];
  };
  await publishTxt(added.domains[0]!.record);
  await call('post', `/api/account/sso/domains/${domain}/verify`, {});
  return { domain, email };
}

// The run's company IdP serves HTTPS with a certificate nobody signed (fixtures/sso-idp.ts).
test.use({ ignoreHTTPSErrors: true });

test('a person on the company domain signs in through its IdP and joins the account', async ({
  page,
  request,
}) => {
  const { domain } = await ssoOwner(request);
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
  await expect(page).toHaveURL(/\/signin\/sso$/);
  await expectNoA11yViolations(page);
  await saveScreen(page, 'signin-sso');

  await page.getByLabel('Work email').fill(`grace@${domain}`);
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  // IdP → /api/sso/oidc/callback → /signin/sso?token= → signed in, a member of the account.
  await expect(page).not.toHaveURL(/\/signin/, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: /Grace Single, account menu/ })).toBeVisible();
});

test('a person signs in through the company’s SAML IdP and joins the account', async ({
  page,
  request,
}) => {
  const { domain } = await ssoOwner(request, 'saml');
  await page.goto('/signin/sso');
  await page.getByLabel('Work email').fill(`ada@${domain}`);
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  // The IdP's own page (fixtures/saml-idp.ts) reads our AuthnRequest and asks who is signing in.
  await expect(page.getByRole('heading', { name: 'Company sign-in' })).toBeVisible();
  await page.getByLabel('Company email').fill(`ada@${domain}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Its page posts the signed response to our ACS → /signin/sso?token= → signed in.
  await expect(page).not.toHaveURL(/\/signin|127\.0\.0\.1:\d+\/sso/, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: /Ada Saml, account menu/ })).toBeVisible();
});

test('the owner’s screen for a SAML provider shows the IdP and our certificate, and provisions by SCIM', async ({
  page,
  request,
}) => {
  const { domain, email } = await ssoOwner(request, 'saml');
  await openSignedIn(page, request, await apiSignIn(request, email, PASSWORD), '/account/sso');
  await expect(page.getByText('Set up with SAML 2.0.')).toBeVisible();
  await expect(
    page.getByRole('switch', { name: /Allow sign-in from the identity provider/ }),
  ).not.toBeChecked();
  await expect(page.getByText(/Certificate fingerprint/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download certificate (.pem)' })).toBeVisible();
  await expectNoA11yViolations(page);
  await saveScreen(page, 'account-sso-saml');

  // The IdP's SCIM token, shown once.
  await page.getByRole('button', { name: 'Make a SCIM token' }).click();
  await expect(page.getByText('Copy this token now: it is not shown again.')).toBeVisible();
  await expect(page.getByText(/^pp_scim_/)).toBeVisible();
  await expect(page.getByText(/Token pp_scim_.*, made/)).toBeVisible();
  const token = (await page.getByText(/^pp_scim_/).textContent()) ?? '';

  // The owner maps the IdP's admins group; then the IdP provisions a person into it by SCIM.
  await page.getByLabel(/^Group name/).fill('Portal Admins');
  await page.getByRole('button', { name: 'Map group' }).click();
  await expect(page.getByText('Portal Admins → Admin')).toBeVisible();
  await expectNoA11yViolations(page);
  await saveScreen(page, 'account-sso-scim');

  const scim = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' };
  const created = await request.post('/scim/v2/Users', {
    headers: scim,
    data: {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: `lin@${domain}`,
      name: { givenName: 'Lin', familyName: 'Provisioned' },
      active: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const pushed = await request.post('/scim/v2/Groups', {
    headers: scim,
    data: {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Portal Admins',
      members: [{ value: ((await created.json()) as { id: string }).id }],
    },
  });
  expect(pushed.status(), await pushed.text()).toBe(201);
  await page.goto('/account/users');
  const row = page.getByRole('row', { name: /Lin Provisioned/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();
});

test.describe('the single sign-on screen in Spanish, dark, at phone width', () => {
  test.use({ locale: 'es-ES', colorScheme: 'dark', viewport: { width: 390, height: 844 } });

  test('words a refusal and offers the form again', async ({ page }) => {
    await page.goto('/signin/sso?error=not_allowed');
    await expect(page.getByText('El inicio de sesión único no se completó')).toBeVisible();
    await expect(page.getByText(/fuera de los dominios verificados/)).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Continuar con inicio de sesión único' }),
    ).toBeVisible();
    await expectNoA11yViolations(page);
    await saveScreen(page, 'signin-sso-refused-es-dark-phone');
  });

  test('says when the address has no single sign-on', async ({ page }) => {
    await page.goto('/signin/sso');
    await page.getByLabel('Correo del trabajo').fill('alguien@sin-sso.example');
    await page.getByRole('button', { name: 'Continuar con inicio de sesión único' }).click();
    await expect(
      page.getByText(/no es de un dominio que entre con inicio de sesión único/),
    ).toBeVisible();
  });
});

test('the owner’s screen shows the provider, the verified domain and what to give the IdP', async ({
  page,
  request,
}) => {
  const { domain, email } = await ssoOwner(request);
  // Signed in after the upgrade, so the stored session knows the plan is Pro.
  await openSignedIn(page, request, await apiSignIn(request, email, PASSWORD), '/account/sso');
  await expect(page.getByText('Set up with OpenID Connect.')).toBeVisible();
  await expect(page.getByText(domain)).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByLabel(/^Issuer URL/)).toHaveValue(process.env.E2E_SSO_ISSUER ?? '');
  await saveScreen(page, 'account-sso');

  // A domain waiting for DNS shows the record to publish.
  await page.getByLabel(/^Add a domain/).fill(`pending-${domain}`);
  await page.getByRole('button', { name: 'Add domain' }).click();
  await expect(page.getByText('Waiting for DNS')).toBeVisible();
  await expect(page.getByText(`_partner-portal.pending-${domain}`)).toBeVisible();
  await saveScreen(page, 'account-sso-domain-waiting');
});

test.describe('the owner’s screen in Spanish, dark, at phone width', () => {
  test.use({ locale: 'es-ES', colorScheme: 'dark', viewport: { width: 390, height: 844 } });

  test('fits and is axe-clean', async ({ page, request }) => {
    const { email } = await ssoOwner(request);
    await openSignedIn(page, request, await apiSignIn(request, email, PASSWORD), '/account/sso', {
      locale: 'es',
      dark: true,
    });
    await expect(page.getByText('Configurado con OpenID Connect.')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await saveScreen(page, 'account-sso-es-dark-phone');
  });
});
