import type { ReactNode } from 'react';
import {
  Activity,
  Building2,
  Gauge,
  MessageSquareText,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/select';
import { ConsoleGate, type ConsoleLinks } from '@/features/master/components/console-gate';
import { cn } from '@/lib/cn';
import { MASTER_NAV, paths, pathWithId, type MasterNavItem } from '../route-table';
import { Page } from './page';

const ICONS: Record<MasterNavItem['icon'], LucideIcon> = {
  overview: Gauge,
  accounts: Building2,
  users: UsersRound,
  feedback: MessageSquareText,
  events: Activity,
};

const LINKS: ConsoleLinks = {
  account: (id) => pathWithId(paths.masterAccount, id),
  user: (id) => pathWithId(paths.masterUser, id),
  events: ({ account, email }) => {
    const search = new URLSearchParams();
    if (account) search.set('account', account);
    if (email) search.set('email', email);
    const query = search.toString();
    return query ? `${paths.masterEvents}?${query}` : paths.masterEvents;
  },
  twoFactor: paths.account2fa,
};

/**
 * The operator console's frame, inside the signed-in one (the `app` layout): its sections as
 * tabs on wide screens and a select on phones, the page's heading, and the console's gate (the
 * page shows once GET /api/master/session says the operator has 2FA on).
 */
export function MasterLayout({
  titleKey,
  description,
  children,
}: {
  titleKey: string;
  description?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // A detail sits under its list: an account under Accounts.
  const current =
    MASTER_NAV.find((item) =>
      item.to === paths.master
        ? pathname === item.to
        : pathname === item.to || pathname.startsWith(`${item.to}/`),
    )?.to ?? '';
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="md:hidden">
        <Select
          aria-label={t('master.nav.label')}
          value={current}
          onValueChange={(to) => navigate(to)}
          options={MASTER_NAV.map((item) => ({ value: item.to, label: t(item.labelKey) }))}
        />
      </div>
      <nav aria-label={t('master.nav.label')} className="hidden border-b border-border md:block">
        <ul className="-mb-px flex gap-1">
          {MASTER_NAV.map((item) => {
            const Icon = ICONS[item.icon];
            return (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === paths.master}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-2 rounded-t-md border-b-2 px-3 py-2 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                      isActive
                        ? 'border-primary text-foreground'
                        : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
                    )
                  }
                >
                  <Icon aria-hidden className="size-4" />
                  {t(item.labelKey)}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <Page titleKey={titleKey} description={description}>
        <ConsoleGate links={LINKS}>{children}</ConsoleGate>
      </Page>
    </div>
  );
}
