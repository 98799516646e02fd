import { startAppServer } from './fixtures/app-server';
import { findFreePort } from './fixtures/free-port';
import { startOidcProvider } from './fixtures/oidc-provider';
import { startSmtpCatcher } from './fixtures/smtp-catcher';

/**
 * One app server, one SMTP catcher and one OIDC provider for the whole run. The app sends real mail over SMTP to the
 * catcher; test workers (other processes) read it through E2E_MAILBOX_URL.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const [smtpPort, httpPort, appPort] = await Promise.all([
    findFreePort(),
    findFreePort(),
    findFreePort(),
  ]);
  const catcher = await startSmtpCatcher(smtpPort, httpPort);
  const oidc = await startOidcProvider();
  const app = await startAppServer(appPort, {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // Fixtures set up accounts from addresses of their own (fixtures/accounts.ts).
    TRUST_PROXY: 'true',
    SUPPORT_EMAIL: 'support@partner-portal.test',
    OAUTH_OIDC_CLIENT_ID: 'partner-portal-e2e',
    OAUTH_OIDC_CLIENT_SECRET: 'e2e-client-secret',
    OAUTH_OIDC_ISSUER: oidc.issuer,
    OAUTH_OIDC_NAME: 'Acme SSO',
  });
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_MAILBOX_URL = `http://127.0.0.1:${httpPort}`;
  // For a journey's own server (or an admin command) that must mail the same catcher.
  process.env.E2E_SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  return async () => {
    await app.stop();
    await catcher.close();
    await oidc.stop();
  };
}
