// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Import boundaries (docs/architecture.md): imports flow shared → lib/components → features → app.
 * Web code reaches across folders only through the `@/` alias, so the rules below can see which
 * layer an import lands in; a feature never imports another feature.
 */
const noEscapingRelative = {
  group: ['../../*'],
  message: 'Import across folders with the @/ alias so import boundaries stay visible.',
};

const onlySessionServiceMints = {
  group: ['**/session-token'],
  importNames: ['createSessionToken'],
  message:
    'Sessions are minted only in features/identity/session.service.ts (completeFirstFactor and its siblings).',
};

/**
 * What one server feature may use of another (docs/architecture.md, "Server features"): the
 * services below, nothing else. Route files compose services; services depend one way.
 */
const SERVER_ENTRY_POINTS = [
  'account/additional-account.service',
  'analytics/report-queries',
  'analytics/report-scope.service',
  'analytics/workbook-access.service',
  'analytics/workbook-catalogue',
  'audit/audit-list.service',
  'auth/impersonation.service',
  'billing/billing-customer',
  'billing/billing-seats',
  'billing/plan-change.service',
  'billing/subscription-record',
  'billing/upgrade.service',
  'closing/close-route',
  'digests/digest-periods',
  'insights/engine/anomaly',
  'identity/account-added-mail',
  'identity/insert-user',
  'identity/session.service',
  'identity/sign-in-intent',
  'identity/signup-identity.service',
  'insights/insight-digest',
  'notifications/notification-settings.service',
  'scim/scim-settings.service',
  'scim/scim-token.service',
  'social/social-signin.service',
  'team/invite-acceptance.service',
  'team/invited-signup.service',
  'team/member-removal.service',
  'team/member-update.service',
  'team/permission-list.service',
  'user/password-change.service',
  'user/second-factor.service',
  'user/two-factor.service',
  'user/verification.service',
];

/** Another feature's files, seen from `depth` folders below features/ (1: features/x/file.ts). */
function otherFeatureImports(depth) {
  const up = '\\.\\./'.repeat(depth);
  const allowed = SERVER_ENTRY_POINTS.map((entry) => entry.replace(/[.]/g, '\\.')).join('|');
  return {
    regex: `^${up}(?!(${allowed})$)[^./][^/]*/`,
    message:
      'A server feature uses another only through its entry points (SERVER_ENTRY_POINTS in eslint.config.js); cross-cutting code belongs in lib/.',
  };
}

const featureRoutesStayPrivate = {
  group: ['**/*.routes', '**/*.routes.ts'],
  message:
    'Server features share behaviour through services, never through another feature\u2019s routes.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-prerender/**',
      '.data/**',
      '.test-data/**',
      '.test-results/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/drizzle/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Command-line programs talk to their operator on stdout.
    files: ['scripts/**', 'bench/**', 'e2e/**', 'apps/server/src/cli/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Randomised and generated tests report what they ran (a seed to replay, a cell count).
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'no-console': ['error', { allow: ['info', 'warn', 'error'] }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noEscapingRelative,
            {
              group: ['@/features/*', '@/app/*'],
              message:
                'A feature never imports another feature or the app: compose them in an app/ page.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/{components,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noEscapingRelative,
            {
              group: ['@/features/*', '@/app/*'],
              message: 'components/ and lib/ sit below features and app: they never import them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'drizzle-orm*', 'fastify*', '@partner-portal/*'],
              message: 'packages/shared depends on zod only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Test code stays out of the product: no product file imports a test helper, Vitest or
    // Testing Library (tests and the web's src/test helpers may). A rule of its own name, so it
    // adds to the boundary rules above instead of replacing them.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['vitest', 'vitest/*', '@testing-library/*', '**/test/**', '@/test/*'],
              message: 'Product code never imports test code: move the helper under test/.',
            },
          ],
        },
      ],
    },
  },
  {
    // docs/security.md "One way to a session": only features/identity/session.service.ts mints
    // sessions, so no new route can hand one out without passing the second factor.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/features/identity/session.service.ts', '**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [onlySessionServiceMints] }] },
  },
  {
    // lib/ sits below the features (docs/architecture.md, "Server features"): what composes
    // features (the background jobs, a service context) lives beside app.ts.
    files: ['apps/server/src/lib/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            onlySessionServiceMints,
            {
              group: ['**/features/**'],
              message:
                'lib/ never imports a feature: move the shared piece into lib/, or the composition beside app.ts.',
            },
          ],
        },
      ],
    },
  },
  ...[1, 2].map((depth) => ({
    files: [`apps/server/src/features/${'*/'.repeat(depth)}*.ts`],
    // Tests may set up any feature's state to check their own.
    ignores: ['apps/server/src/features/identity/session.service.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [onlySessionServiceMints, featureRoutesStayPrivate, otherFeatureImports(depth)],
        },
      ],
    },
  })),
);
