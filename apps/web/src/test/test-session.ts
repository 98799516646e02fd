import type { StoredSession } from '@partner-portal/shared/user';

/** A complete stored user for web tests; override what a test is about. */
export function testSession(overrides: Partial<StoredSession> = {}): StoredSession {
  return {
    id: 'u1',
    token: 'header.payload.signature',
    first_name: 'Olivia',
    last_name: 'Owner',
    name: 'Olivia Owner',
    email: 'owner@example.test',
    avatar: null,
    dark_mode: false,
    locale: 'en',
    has_password: true,
    duplicate_user: false,
    support_enabled: false,
    support_until: null,
    '2fa_enabled': false,
    default_account: null,
    accounts: [{ id: 'a1', name: 'Northwind Media' }],
    account_id: 'a1',
    account_name: 'Northwind Media',
    permission: 'owner',
    verified: true,
    plan: 'free_core',
    subscription: 'active',
    enable_plus: false,
    advertiser_name: null,
    digest_frequency: 'weekly',
    timezone: null,
    digest_csv: false,
    ...overrides,
  };
}
