import { startAppServer } from './fixtures/app-server';
import { findFreePort } from './fixtures/free-port';
import { journeyWorkers } from './fixtures/workers';
import { startOidcProvider } from './fixtures/oidc-provider';
import { startDnsControl } from './fixtures/dns-control';
import { startSamlIdp } from './fixtures/saml-idp';
import { startSsoIdp } from './fixtures/sso-idp';
import { startSmtpCatcher } from './fixtures/smtp-catcher';

/**
 * One app server per worker (E2E_WORKERS, 2 unless set; each with its own embedded database and
 * demo data), one SMTP catcher, one OIDC provider for social sign-in, and for single sign-on a
 * company's OIDC and SAML IdPs and a DNS server, for the whole run. The apps send real mail
 * over SMTP to the catcher; test workers (other processes) read it through E2E_MAILBOX_URL.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const [smtpPort, httpPort] = await Promise.all([findFreePort(), findFreePort()]);
  const catcher = await startSmtpCatcher(smtpPort, httpPort);
  const oidc = await startOidcProvider();
  const [dns, ssoIdp, samlIdp] = await Promise.all([
    startDnsControl(),
    startSsoIdp(),
    startSamlIdp(),
  ]);
  const apps = await Promise.all(
    Array.from({ length: journeyWorkers() }, async () => startApp(await findFreePort())),
  );
  process.env.E2E_BASE_URLS = apps.map((app) => app.url).join(',');
  process.env.E2E_MAILBOX_URL = `http://127.0.0.1:${httpPort}`;
  // For a journey's own server (or an admin command) that must mail the same catcher.
  process.env.E2E_SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  // Single sign-on: where journeys publish a domain's TXT record, and the company IdP's issuer.
  process.env.E2E_DNS_CONTROL_URL = dns.controlUrl;
  process.env.E2E_SSO_ISSUER = ssoIdp.issuer;
  process.env.E2E_SAML_IDP_URL = samlIdp.url;
  return async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await catcher.close();
    await oidc.stop();
    await Promise.all([dns.stop(), ssoIdp.stop(), samlIdp.stop()]);
  };

  function startApp(appPort: number) {
    return startAppServer(appPort, {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // Fixtures set up accounts from addresses of their own (fixtures/accounts.ts).
      TRUST_PROXY: 'true',
      SUPPORT_EMAIL: 'support@partner-portal.test',
      OAUTH_OIDC_CLIENT_ID: 'partner-portal-e2e',
      OAUTH_OIDC_CLIENT_SECRET: 'e2e-client-secret',
      OAUTH_OIDC_ISSUER: oidc.issuer,
      OAUTH_OIDC_NAME: 'Acme SSO',
      DNS_SERVERS: dns.dnsServer,
      NODE_EXTRA_CA_CERTS: ssoIdp.certFile,
      // The company IdPs are on this machine, which a production server would refuse to reach.
      ALLOW_PRIVATE_OUTBOUND: 'true',
    });
  }
}
