import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VOLUME_FLOORS } from '@partner-portal/shared/insight-rules';
import { ConfigError, loadConfig } from './config';
import { saveGeneratedSecrets } from './config/data-dir-secret';
import { writeSelfSignedCertificate } from '../test/self-signed-certificate';

const tempDir = () => mkdtempSync(join(tmpdir(), 'pp-config-'));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('applies the documented defaults on an empty environment', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config).toMatchObject({
      port: 8080,
      appUrl: 'http://localhost:8080',
      embedUrl: 'http://127.0.0.1:8080',
      database: 'pglite',
      demoSeed: true,
      sigmaBaseUrl: 'https://app.sigmacomputing.com',
      trustProxy: false,
      providers: { mail: 'outbox', billing: 'local', analytics: 'local' },
    });
    expect(config.encryptionKey).toHaveLength(32);
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'abc',
      APP_URL: 'nope',
      DATABASE_URL: 'mysql://x',
      REDIS_URL: 'http://r',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual(
      expect.arrayContaining(['PORT', 'APP_URL', 'DATABASE_URL', 'REDIS_URL']),
    );
    expect(problems).toHaveLength(4);
  });

  it('turns Stripe on only with keys, a webhook secret and a price for every paid plan', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
    };
    const prices = { free_plus: 'price_plus', free_plus_ai: 'price_ai', free_pro: 'price_pro' };
    const config = loadConfig({
      DATA_DIR: tempDir(),
      ...stripe,
      STRIPE_PRICES: JSON.stringify(prices),
    });
    expect(config.stripe).toMatchObject({ prices, webhookSecret: 'whsec_123' });
    expect(config.providers.billing).toBe('stripe');
    expect(problemsOf(stripe)).toEqual([expect.stringMatching(/^STRIPE_PRICES: must be set/)]);
    expect(problemsOf({ ...stripe, STRIPE_PRICES: '{nope' })).toEqual([
      expect.stringMatching(/^STRIPE_PRICES: must be a JSON object/),
    ]);
    expect(
      problemsOf({
        ...stripe,
        STRIPE_PRICES: JSON.stringify({ free_plus: 'plus', free_core: 'x' }),
      }),
    ).toEqual(
      expect.arrayContaining([
        'STRIPE_PRICES: free_plus must be a Stripe price id (price_…)',
        'STRIPE_PRICES: free_plus_ai missing price id',
        'STRIPE_PRICES: free_pro missing price id',
        expect.stringMatching(/^STRIPE_PRICES: .*free_core/),
      ]),
    );
    expect(
      problemsOf({
        ...stripe,
        STRIPE_PRICES: JSON.stringify({ ...prices, free_pro: 'price_plus' }),
      }),
    ).toEqual(['STRIPE_PRICES: each plan needs its own price id']);
    expect(
      problemsOf({
        ...stripe,
        STRIPE_SECRET_KEY: 'pk_wrong',
        STRIPE_PRICES: JSON.stringify(prices),
      }),
    ).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY: must be a Stripe secret/)]);
  });

  it('refuses a partial Sigma, Stripe or OAuth set, naming what is missing', () => {
    const problems = problemsOf({
      SIGMA_EMBED_CLIENT_ID: 'id',
      STRIPE_SECRET_KEY: 'sk_test',
      OAUTH_GOOGLE_CLIENT_ID: 'g',
    });
    const names = problems.map((p) => p.split(':')[0]);
    expect(names).toEqual(
      expect.arrayContaining([
        'SIGMA_EMBED_SECRET',
        'SIGMA_ORG_SLUG',
        'STRIPE_PUBLISHABLE_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'OAUTH_GOOGLE_CLIENT_SECRET',
      ]),
    );
    // Google and Microsoft have a well-known issuer; only the generic provider must name one.
    expect(names).not.toContain('OAUTH_GOOGLE_ISSUER');
    expect(problemsOf({ OAUTH_OIDC_CLIENT_ID: 'c', OAUTH_OIDC_CLIENT_SECRET: 's' })).toEqual([
      'OAUTH_OIDC_ISSUER: must be set together with OAUTH_OIDC_CLIENT_ID, OAUTH_OIDC_CLIENT_SECRET',
    ]);
  });

  it('uses the well-known issuers and labels of Google and Microsoft', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      OAUTH_GOOGLE_CLIENT_ID: 'g',
      OAUTH_GOOGLE_CLIENT_SECRET: 'gs',
      OAUTH_MICROSOFT_CLIENT_ID: 'm',
      OAUTH_MICROSOFT_CLIENT_SECRET: 'ms',
    });
    expect(
      config.oauthProviders.map(({ name, label, issuer }) => ({ name, label, issuer })),
    ).toEqual([
      { name: 'google', label: 'Google', issuer: 'https://accounts.google.com' },
      {
        name: 'microsoft',
        label: 'Microsoft',
        issuer: 'https://login.microsoftonline.com/common/v2.0',
      },
    ]);
  });

  it('reads SIGMA_WORKBOOKS and stops on a bad one, saying what is wrong', () => {
    const sigma = {
      SIGMA_EMBED_CLIENT_ID: 'id',
      SIGMA_EMBED_SECRET: 'secret',
      SIGMA_ORG_SLUG: 'acme',
    };
    const core = { name: 'Core', workbookId: 'a', workbookUrlId: 'ua', kind: 'core' };
    const adv = { name: 'Adv', workbookId: 'b', workbookUrlId: 'ub', kind: 'core_advertiser' };
    const config = loadConfig({
      DATA_DIR: tempDir(),
      ...sigma,
      SIGMA_WORKBOOKS: JSON.stringify([core, adv]),
    });
    expect(config.sigma?.workbooks).toEqual([core, adv]);
    expect(config.sigma?.ttlSeconds).toBe(3600);
    expect(config.sigma?.accountType).toBe('Viewer');

    expect(problemsOf({ ...sigma, SIGMA_WORKBOOKS: '[{' })).toEqual([
      'SIGMA_WORKBOOKS: must be a JSON array of { name, workbookId, workbookUrlId, kind }',
    ]);
    expect(
      problemsOf({ ...sigma, SIGMA_WORKBOOKS: JSON.stringify([core, { ...adv, kind: 'gold' }]) }),
    ).toEqual([expect.stringMatching(/^SIGMA_WORKBOOKS: item 1\.kind /)]);
    expect(
      problemsOf({
        ...sigma,
        SIGMA_WORKBOOKS: JSON.stringify([core, adv, { ...core, name: 'Again' }]),
      }),
    ).toEqual([
      'SIGMA_WORKBOOKS: item 2.workbookId is listed twice',
      'SIGMA_WORKBOOKS: needs exactly one workbook of kind "core" (found 2)',
    ]);
    expect(
      problemsOf({ ...sigma, SIGMA_EMBED_TTL_SECONDS: '9999999' }).map((p) => p.split(':')[0]),
    ).toEqual(['SIGMA_EMBED_TTL_SECONDS']);
  });

  it('refuses a plain-http issuer that is not this machine', () => {
    expect(
      problemsOf({
        OAUTH_OIDC_CLIENT_ID: 'c',
        OAUTH_OIDC_CLIENT_SECRET: 's',
        OAUTH_OIDC_ISSUER: 'http://id.example.com',
      }).map((p) => p.split(':')[0]),
    ).toEqual(['OAUTH_OIDC_ISSUER']);
  });

  it('switches providers on when their variables are complete', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://u@localhost/db',
      SMTP_URL: 'smtp://localhost:2525',
      SIGMA_EMBED_CLIENT_ID: 'id',
      SIGMA_EMBED_SECRET: 'secret',
      SIGMA_ORG_SLUG: 'acme',
      OAUTH_OIDC_CLIENT_ID: 'c',
      OAUTH_OIDC_CLIENT_SECRET: 's',
      OAUTH_OIDC_ISSUER: 'http://127.0.0.1:9000/',
      OAUTH_OIDC_NAME: 'Acme SSO',
      TRUST_PROXY: '2',
    });
    expect(config.database).toBe('postgres');
    expect(config.demoSeed).toBe(false);
    expect(config.providers).toEqual({ mail: 'smtp', billing: 'local', analytics: 'sigma' });
    expect(config.oauthProviders).toEqual([
      {
        name: 'oidc',
        label: 'Acme SSO',
        clientId: 'c',
        clientSecret: 's',
        issuer: 'http://127.0.0.1:9000',
      },
    ]);
    expect(config.trustProxy).toBe(2);
  });

  it('makes a session secret without writing it; once saved (mode 0600) it is reused', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.sessionSecret).toHaveLength(43);
    expect(first.sessionSecretIsNew).toBe(true);
    // Reading the configuration leaves the disk alone.
    expect(existsSync(join(dir, 'session-secret'))).toBe(false);
    saveGeneratedSecrets(first);
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(second.sessionSecretIsNew).toBe(false);
    expect(readFileSync(join(dir, 'session-secret'), 'utf8').trim()).toBe(first.sessionSecret);
    expect(statSync(join(dir, 'session-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(32) }).sessionSecretIsNew).toBe(
      false,
    );
  });

  it('makes an audit key into DATA_DIR (mode 0600) unless AUDIT_KEY gives one', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first).toMatchObject({
      auditKeySource: 'new',
      auditAnchorFile: join(dir, 'audit-anchors'),
      operatorEmails: [],
    });
    expect(first.auditKey).not.toBe(first.sessionSecret);
    expect(existsSync(join(dir, 'audit-key'))).toBe(false);
    saveGeneratedSecrets(first);
    expect(statSync(join(dir, 'audit-key')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({
      auditKey: first.auditKey,
      auditKeySource: 'data_dir',
    });
    const given = loadConfig({
      DATA_DIR: dir,
      AUDIT_KEY: 'k'.repeat(32),
      AUDIT_ANCHOR_FILE: '/var/log/portal/anchors',
      OPERATOR_EMAIL: 'ops@example.com, oncall@example.com',
    });
    expect(given).toMatchObject({
      auditKey: 'k'.repeat(32),
      auditKeySource: 'env',
      auditAnchorFile: '/var/log/portal/anchors',
      operatorEmails: ['ops@example.com', 'oncall@example.com'],
    });
    expect(problemsOf({ AUDIT_KEY: 'short', OPERATOR_EMAIL: 'ops@example.com, nobody' })).toEqual([
      'AUDIT_KEY: must be at least 32 characters',
      'OPERATOR_EMAIL: must be one or more e-mail addresses, comma-separated',
    ]);
  });

  it('refuses a short SESSION_SECRET and a malformed ENCRYPTION_KEY', () => {
    expect(
      problemsOf({ SESSION_SECRET: 'short', ENCRYPTION_KEY: 'xyz' }).map((p) => p.split(':')[0]),
    ).toEqual(['SESSION_SECRET', 'ENCRYPTION_KEY']);
  });

  it('reads DEMO_SEED as a flag and rejects other words', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), DEMO_SEED: 'off' }).demoSeed).toBe(false);
    expect(problemsOf({ DEMO_SEED: 'maybe' })).toEqual(['DEMO_SEED: must be true or false']);
  });

  it('keeps closed accounts 30 days unless ACCOUNT_RETENTION_DAYS says otherwise', () => {
    const days = (value?: string) =>
      loadConfig({
        DATA_DIR: tempDir(),
        ...(value === undefined ? {} : { ACCOUNT_RETENTION_DAYS: value }),
      }).accountRetentionDays;
    expect(days()).toBe(30);
    expect(days('')).toBe(30);
    expect(days('0')).toBe(0);
    expect(days('90')).toBe(90);
    for (const bad of ['-1', '1.5', 'ten', '4000']) {
      expect(problemsOf({ ACCOUNT_RETENTION_DAYS: bad })).toEqual([
        'ACCOUNT_RETENTION_DAYS: must be a whole number of days (0-3650)',
      ]);
    }
  });
});

describe('BRAND_URL', () => {
  it('is off unless set, and then the http(s) address the brand panel links to', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).brandUrl).toBeNull();
    expect(loadConfig({ DATA_DIR: tempDir(), BRAND_URL: '  ' }).brandUrl).toBeNull();
    expect(
      loadConfig({ DATA_DIR: tempDir(), BRAND_URL: 'https://partners.example.com/program' })
        .brandUrl,
    ).toBe('https://partners.example.com/program');
  });

  it('stops the boot on anything but an http(s) URL, naming the variable', () => {
    // javascript: would run script from the sign-in page's link; a bare host is a typo.
    for (const bad of ['javascript:alert(1)', 'partners.example.com', 'ftp://example.com/x']) {
      expect(problemsOf({ BRAND_URL: bad })).toEqual([
        'BRAND_URL: must be a http:// or https:// URL',
      ]);
    }
  });
});

describe('APP_URL', () => {
  it('defaults to localhost on the configured port', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '8092' }).appUrl).toBe('http://localhost:8092');
    expect(loadConfig({ DATA_DIR: tempDir(), APP_URL: 'https://portal.example.com/' }).appUrl).toBe(
      'https://portal.example.com',
    );
  });
});

describe('EMBED_URL', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), ...env });

  it('defaults to the other name of this machine, a site of its own to a browser', () => {
    expect(load({}).embedUrl).toBe('http://127.0.0.1:8080');
    expect(load({ APP_URL: 'https://127.0.0.1:8443/' }).embedUrl).toBe('https://localhost:8443');
  });

  it('stays on the app’s origin for a public address, until it is set', () => {
    expect(load({ APP_URL: 'https://portal.example.com/app' }).embedUrl).toBe(
      'https://portal.example.com',
    );
    expect(
      load({
        APP_URL: 'https://portal.example.com',
        EMBED_URL: 'https://workbooks.portal.example.com/',
      }).embedUrl,
    ).toBe('https://workbooks.portal.example.com');
  });

  it('must be an http(s) URL', () => {
    expect(problemsOf({ EMBED_URL: 'ftp://files.example.com' })).toEqual([
      'EMBED_URL: must be an http(s) URL',
    ]);
  });
});

describe('TLS_CERT_FILE and TLS_KEY_FILE', () => {
  it('are off unless both are set, and then read, with an https address by default', async () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).tls).toBeNull();
    const { certFile, keyFile } = await writeSelfSignedCertificate();
    expect(problemsOf({ TLS_CERT_FILE: certFile })).toEqual([
      'TLS_KEY_FILE: must be set together with TLS_CERT_FILE',
    ]);
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '8443',
      TLS_CERT_FILE: certFile,
      TLS_KEY_FILE: keyFile,
    });
    expect(config.appUrl).toBe('https://localhost:8443');
    expect(config.tls?.cert.toString()).toBe(readFileSync(certFile, 'utf8'));
    expect(config.tls?.key.toString()).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });
});

describe('AI_BASE_URL, AI_MODEL and AI_API_KEY (the insights summary)', () => {
  it('is off unless the endpoint and model are both set; the key is optional', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).ai).toBeNull();
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        AI_BASE_URL: 'http://127.0.0.1:11434/',
        AI_MODEL: 'llama3.2',
      }).ai,
    ).toEqual({ baseUrl: 'http://127.0.0.1:11434', model: 'llama3.2', apiKey: null });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        AI_BASE_URL: 'https://llm.example.com',
        AI_MODEL: 'm',
        AI_API_KEY: 'sk-test',
      }).ai?.apiKey,
    ).toBe('sk-test');
  });

  it('refuses half a set and an address that is not http(s), naming the variable', () => {
    expect(problemsOf({ AI_BASE_URL: 'http://127.0.0.1:11434' })).toEqual([
      'AI_MODEL: must be set together with AI_BASE_URL',
    ]);
    expect(problemsOf({ AI_BASE_URL: 'ftp://x', AI_MODEL: 'm' })).toEqual([
      'AI_BASE_URL: must be a http:// or https:// URL',
    ]);
  });
});

describe('INSIGHT_VOLUME_FLOORS (the insights volume gates)', () => {
  it('lays the values given over the defaults', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).insightFloors).toEqual(DEFAULT_VOLUME_FLOORS);
    expect(
      loadConfig({ DATA_DIR: tempDir(), INSIGHT_VOLUME_FLOORS: '{"clicks": 20, "money": 5}' })
        .insightFloors,
    ).toEqual({ ...DEFAULT_VOLUME_FLOORS, clicks: 20, money: 5 });
  });

  it('refuses text that is not JSON, unknown gates and negative values, naming the variable', () => {
    expect(problemsOf({ INSIGHT_VOLUME_FLOORS: 'clicks=20' })).toEqual([
      'INSIGHT_VOLUME_FLOORS: must be a JSON object',
    ]);
    expect(problemsOf({ INSIGHT_VOLUME_FLOORS: '{"visits": 3}' })[0]).toMatch(
      /^INSIGHT_VOLUME_FLOORS: .*visits/,
    );
    expect(problemsOf({ INSIGHT_VOLUME_FLOORS: '{"clicks": -1}' })[0]).toMatch(
      /^INSIGHT_VOLUME_FLOORS/,
    );
    expect(problemsOf({ INSIGHT_VOLUME_FLOORS: '{"moneyShare": 2}' })[0]).toMatch(
      /^INSIGHT_VOLUME_FLOORS/,
    );
  });
});
