import { hasPermission, type Permission } from '@partner-portal/shared/permission-rules';
import { isPlusEligible } from '@partner-portal/shared/plan-rules';
import type { CurrentUser } from '@partner-portal/shared/user';

/** Every path of docs/product.md#screens-and-routes, in one place. */
export const paths = {
  home: '/',
  signin: '/signin',
  signup: '/signup',
  signupVerify: '/signup/verify',
  signupPlan: '/signup/plan',
  signupUser: '/signup/user',
  signinOtp: '/signin/otp',
  signinSocial: '/signin/social',
  signinSso: '/signin/sso',
  signinImpersonate: '/signin/impersonate',
  magic: '/magic',
  forgotPassword: '/forgotpassword',
  resetPassword: '/resetpassword',
  emailRevert: '/email/revert',
  unsubscribe: '/unsubscribe',
  welcome: '/welcome',
  help: '/help',
  dashboardCore: '/dashboard/core',
  dashboardPlus: '/dashboard/plus',
  account: '/account',
  accountProfile: '/account/profile',
  accountPassword: '/account/password',
  account2fa: '/account/2fa',
  accountNotifications: '/account/notifications',
  accountAlerts: '/account/alerts',
  accountBilling: '/account/billing',
  accountBillingInvoice: '/account/billing/invoice',
  accountBillingAuthenticate: '/account/billing/authenticate',
  accountApiKeys: '/account/apikeys',
  accountWebhooks: '/account/webhooks',
  accountUpgrade: '/account/upgrade',
  accountUsers: '/account/users',
  accountData: '/account/data',
  accountAudit: '/account/audit',
  accountSecurity: '/account/security',
  accountSso: '/account/sso',
  master: '/master',
  masterAccounts: '/master/accounts',
  masterAccount: '/master/accounts/:id',
  masterUsers: '/master/users',
  masterUser: '/master/users/:id',
  masterFeedback: '/master/feedback',
  masterEvents: '/master/events',
  notFound: '/notfound',
  notFound404: '/404',
} as const;

export type LayoutName = 'app' | 'account' | 'auth' | 'centered' | 'onboarding';

// The signed-out screens (the auth layout) get by with the core translations main.tsx loads
// before the first render; every other screen loads the rest of them along with its chunk.
export const CORE_ONLY_LAYOUTS: readonly LayoutName[] = ['auth'];
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'permission'; permission: Permission }
  | { kind: 'query'; params: string[] };

export interface RouteDefinition {
  path: string;
  layout: LayoutName;
  access: RouteAccess;
  /** Translation key of the page title (docs/product.md#screens-and-routes: titles come from translations). */
  titleKey: string;
  /** Lazy page module name under app/pages. */
  page: string;
}

const needs = (permission: Permission): RouteAccess => ({ kind: 'permission', permission });
const query = (...params: string[]): RouteAccess => ({ kind: 'query', params });
const open: RouteAccess = { kind: 'public' };

/** docs/product.md#screens-and-routes route table. Billing and API keys have menu items but no screens in this issue. */
export const ROUTES: RouteDefinition[] = [
  {
    path: paths.account,
    layout: 'app',
    access: needs('user'),
    titleKey: 'titles.account',
    page: 'account',
  },
  {
    path: paths.accountProfile,
    layout: 'account',
    access: needs('user'),
    titleKey: 'titles.profile',
    page: 'account-profile',
  },
  {
    path: paths.accountPassword,
    layout: 'account',
    access: needs('user'),
    titleKey: 'titles.password',
    page: 'account-password',
  },
  {
    path: paths.account2fa,
    layout: 'account',
    access: needs('user'),
    titleKey: 'titles.2fa',
    page: 'account-2fa',
  },
  {
    path: paths.accountNotifications,
    layout: 'account',
    access: needs('user'),
    titleKey: 'titles.notifications',
    page: 'account-notifications',
  },
  {
    path: paths.accountAlerts,
    layout: 'account',
    access: needs('user'),
    titleKey: 'titles.alerts',
    page: 'account-alerts',
  },
  {
    // Owners see the billing screen; the guard may send any member here (docs/product.md#states-and-transitions), and the
    // page tells them who can fix the subscription.
    path: paths.accountBilling,
    layout: 'account',
    access: needs('user'),
    titleKey: 'titles.billing',
    page: 'account-billing',
  },
  {
    path: paths.accountBillingInvoice,
    layout: 'account',
    access: needs('owner'),
    titleKey: 'titles.invoice',
    page: 'account-billing-invoice',
  },
  {
    path: paths.accountBillingAuthenticate,
    layout: 'account',
    access: needs('owner'),
    titleKey: 'titles.authenticate_payment',
    page: 'account-billing-authenticate',
  },
  {
    path: paths.accountApiKeys,
    layout: 'account',
    access: needs('developer'),
    titleKey: 'titles.apikeys',
    page: 'account-api-keys',
  },
  {
    path: paths.accountWebhooks,
    layout: 'account',
    access: needs('developer'),
    titleKey: 'titles.webhooks',
    page: 'account-webhooks',
  },
  {
    path: paths.accountUpgrade,
    layout: 'account',
    access: needs('admin'),
    titleKey: 'titles.upgrade',
    page: 'account-upgrade',
  },
  {
    path: paths.accountUsers,
    layout: 'account',
    access: needs('admin'),
    titleKey: 'titles.users',
    page: 'account-users',
  },
  {
    path: paths.accountData,
    layout: 'account',
    access: needs('admin'),
    titleKey: 'titles.data',
    page: 'account-data',
  },
  {
    path: paths.accountAudit,
    layout: 'account',
    access: needs('admin'),
    titleKey: 'titles.audit',
    page: 'account-audit',
  },
  {
    path: paths.accountSecurity,
    layout: 'account',
    access: needs('owner'),
    titleKey: 'titles.security',
    page: 'account-security',
  },
  {
    path: paths.accountSso,
    layout: 'account',
    access: needs('owner'),
    titleKey: 'titles.account_sso',
    page: 'account-sso',
  },
  {
    path: paths.dashboardCore,
    layout: 'app',
    access: needs('user'),
    titleKey: 'titles.dashboard_core',
    page: 'dashboard-core',
  },
  {
    path: paths.dashboardPlus,
    layout: 'app',
    access: needs('user'),
    titleKey: 'titles.dashboard_plus',
    page: 'dashboard-plus',
  },
  {
    path: paths.welcome,
    layout: 'app',
    access: needs('user'),
    titleKey: 'titles.welcome',
    page: 'welcome',
  },
  { path: paths.help, layout: 'app', access: needs('user'), titleKey: 'titles.help', page: 'help' },
  // The operator console (docs/product.md#operator-console): masters only; its screens share a
  // secondary menu and the console's own gate (app/layouts/master-layout.tsx).
  {
    path: paths.master,
    layout: 'app',
    access: needs('master'),
    titleKey: 'titles.master_overview',
    page: 'master',
  },
  {
    path: paths.masterAccounts,
    layout: 'app',
    access: needs('master'),
    titleKey: 'titles.master_accounts',
    page: 'master-accounts',
  },
  {
    path: paths.masterAccount,
    layout: 'app',
    access: needs('master'),
    titleKey: 'titles.master_account',
    page: 'master-account',
  },
  {
    path: paths.masterUsers,
    layout: 'app',
    access: needs('master'),
    titleKey: 'titles.master_users',
    page: 'master-users',
  },
  {
    path: paths.masterUser,
    layout: 'app',
    access: needs('master'),
    titleKey: 'titles.master_user',
    page: 'master-user',
  },
  {
    path: paths.masterFeedback,
    layout: 'app',
    access: needs('master'),
    titleKey: 'titles.master_feedback',
    page: 'master-feedback',
  },
  {
    path: paths.masterEvents,
    layout: 'app',
    access: needs('master'),
    titleKey: 'titles.master_events',
    page: 'master-events',
  },
  { path: paths.home, layout: 'auth', access: open, titleKey: 'titles.signin', page: 'signin' },
  { path: paths.signin, layout: 'auth', access: open, titleKey: 'titles.signin', page: 'signin' },
  { path: paths.signup, layout: 'auth', access: open, titleKey: 'titles.signup', page: 'signup' },
  {
    path: paths.signupVerify,
    layout: 'onboarding',
    access: needs('user'),
    titleKey: 'titles.verify',
    page: 'signup-verify',
  },
  {
    path: paths.signupPlan,
    layout: 'onboarding',
    access: needs('owner'),
    titleKey: 'titles.plan',
    page: 'signup-plan',
  },
  {
    path: paths.signupUser,
    layout: 'auth',
    access: query('email', 'id'),
    titleKey: 'titles.signup_user',
    page: 'signup-user',
  },
  {
    path: paths.signinOtp,
    layout: 'centered',
    access: query('token'),
    titleKey: 'titles.otp',
    page: 'signin-otp',
  },
  {
    path: paths.signinSocial,
    layout: 'centered',
    access: query('provider', 'token'),
    titleKey: 'titles.social',
    page: 'signin-social',
  },
  {
    path: paths.signinSso,
    layout: 'auth',
    access: open,
    titleKey: 'titles.sso',
    page: 'signin-sso',
  },
  {
    path: paths.magic,
    layout: 'centered',
    access: query('token'),
    titleKey: 'titles.magic',
    page: 'magic',
  },
  {
    path: paths.forgotPassword,
    layout: 'centered',
    access: open,
    titleKey: 'titles.forgot_password',
    page: 'forgot-password',
  },
  {
    path: paths.resetPassword,
    layout: 'centered',
    access: query('token'),
    titleKey: 'titles.reset_password',
    page: 'reset-password',
  },
  {
    path: paths.signinImpersonate,
    layout: 'centered',
    access: query('token'),
    titleKey: 'titles.impersonate',
    page: 'signin-impersonate',
  },
  {
    // The "this was not me" link mailed to the old address when the e-mail is changed.
    path: paths.emailRevert,
    layout: 'centered',
    access: query('token'),
    titleKey: 'titles.email_revert',
    page: 'email-revert',
  },
  {
    // The report digest's unsubscribe link: it works signed in or not, on whatever device.
    path: paths.unsubscribe,
    layout: 'centered',
    access: query('token'),
    titleKey: 'titles.unsubscribe',
    page: 'unsubscribe',
  },
];

/** Whether `path` is an address of the route `pattern`, whose `:name` segments take any one segment. */
function matchesPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((segment, index) =>
      segment.startsWith(':') ? (got[index] ?? '') !== '' : segment === got[index],
    )
  );
}

export function findRoute(path: string): RouteDefinition | undefined {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (
    ROUTES.find((route) => route.path === normalized) ??
    ROUTES.find((route) => route.path.includes(':') && matchesPattern(route.path, normalized))
  );
}

/** The address of a route with an `:id` segment, for one id: `/master/users/abc`. */
export function pathWithId(path: (typeof paths)['masterAccount' | 'masterUser'], id: string) {
  return path.replace(':id', encodeURIComponent(id));
}

export interface MasterNavItem {
  to: string;
  labelKey: string;
  icon: 'overview' | 'accounts' | 'users' | 'feedback' | 'events';
}

/** The operator console's sections (docs/product.md#operator-console), in its secondary menu. */
export const MASTER_NAV: readonly MasterNavItem[] = [
  { to: paths.master, labelKey: 'master.nav.overview', icon: 'overview' },
  { to: paths.masterAccounts, labelKey: 'master.nav.accounts', icon: 'accounts' },
  { to: paths.masterUsers, labelKey: 'master.nav.users', icon: 'users' },
  { to: paths.masterFeedback, labelKey: 'master.nav.feedback', icon: 'feedback' },
  { to: paths.masterEvents, labelKey: 'master.nav.events', icon: 'events' },
];

export interface NavItem {
  to: string;
  labelKey: string;
  icon:
    | 'home'
    | 'console'
    | 'core'
    | 'plus'
    | 'account'
    | 'help'
    | 'profile'
    | 'password'
    | 'twofa'
    | 'billing'
    | 'notifications'
    | 'alerts'
    | 'apikeys'
    | 'webhooks'
    | 'users'
    | 'data'
    | 'audit'
    | 'security'
    | 'sso';
}

/** Where the logo and a fresh sign-in lead: an operator's home is the console. */
export function homePath(user: Pick<CurrentUser, 'permission'> | null): string {
  return user?.permission === 'master' ? paths.master : paths.welcome;
}

/**
 * docs/product.md#screens-and-routes main navigation. The product rules show /dashboard/plus "only when the plan is free_plus" and
 * separately states the Plus rule (docs/product.md#states-and-transitions, docs/product.md#roles-and-permissions); we show it to whoever the rule admits, so a Pro
 * customer or an advertiser given Plus finds their dashboard.
 */
export function mainNavItems(
  user: Pick<CurrentUser, 'permission' | 'plan' | 'enable_plus'> | null,
): NavItem[] {
  const items: NavItem[] = [
    user?.permission === 'master'
      ? { to: paths.master, labelKey: 'app.nav.console', icon: 'console' }
      : { to: paths.welcome, labelKey: 'app.nav.home', icon: 'home' },
    { to: paths.dashboardCore, labelKey: 'app.nav.dashboard_core', icon: 'core' },
  ];
  if (user && isPlusEligible(user))
    items.push({ to: paths.dashboardPlus, labelKey: 'app.nav.dashboard_plus', icon: 'plus' });
  items.push({ to: paths.account, labelKey: 'app.nav.account', icon: 'account' });
  return items;
}

const ACCOUNT_MENU: (NavItem & { permission: Permission })[] = [
  {
    to: paths.accountProfile,
    labelKey: 'app.account_menu.profile',
    icon: 'profile',
    permission: 'user',
  },
  {
    to: paths.accountPassword,
    labelKey: 'app.account_menu.password',
    icon: 'password',
    permission: 'user',
  },
  { to: paths.account2fa, labelKey: 'app.account_menu.2fa', icon: 'twofa', permission: 'user' },
  {
    to: paths.accountBilling,
    labelKey: 'app.account_menu.billing',
    icon: 'billing',
    permission: 'owner',
  },
  {
    to: paths.accountSecurity,
    labelKey: 'app.account_menu.security',
    icon: 'security',
    permission: 'owner',
  },
  {
    to: paths.accountSso,
    labelKey: 'app.account_menu.sso',
    icon: 'sso',
    permission: 'owner',
  },
  {
    to: paths.accountNotifications,
    labelKey: 'app.account_menu.notifications',
    icon: 'notifications',
    permission: 'user',
  },
  {
    to: paths.accountAlerts,
    labelKey: 'app.account_menu.alerts',
    icon: 'alerts',
    permission: 'user',
  },
  {
    to: paths.accountApiKeys,
    labelKey: 'app.account_menu.apikeys',
    icon: 'apikeys',
    permission: 'developer',
  },
  {
    to: paths.accountWebhooks,
    labelKey: 'app.account_menu.webhooks',
    icon: 'webhooks',
    permission: 'developer',
  },
  {
    to: paths.accountUsers,
    labelKey: 'app.account_menu.users',
    icon: 'users',
    permission: 'admin',
  },
  {
    to: paths.accountData,
    labelKey: 'app.account_menu.data',
    icon: 'data',
    permission: 'admin',
  },
  {
    to: paths.accountAudit,
    labelKey: 'app.account_menu.audit',
    icon: 'audit',
    permission: 'admin',
  },
];

/** docs/product.md#roles-and-permissions: user sees profile, password, 2fa, notifications, alerts; owner billing and security; developer API keys and webhooks; admin users, data and the audit log. */
export function accountMenuItems(permission: Permission | null | undefined): NavItem[] {
  return ACCOUNT_MENU.filter((item) => hasPermission(permission, item.permission)).map(
    ({ permission: _permission, ...item }) => item,
  );
}
