import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session-store';
import { NavIcon } from '../navigation/nav-icon';
import { isTwoFactorDue, TWO_FACTOR_DUE_PAGES } from '../route-guard';
import { accountMenuItems, paths } from '../route-table';
import { AppShell } from './app-shell';

/** The account area: the app frame plus the secondary menu (a select on phones, a list on wide screens). */
export function AccountLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // A member the 2FA policy holds is offered only the pages they may open.
  const due = session ? isTwoFactorDue(session) : false;
  const items = accountMenuItems(session?.permission).filter(
    (item) => !due || TWO_FACTOR_DUE_PAGES.has(item.to),
  );
  // Pages without an item of their own sit under one: an invoice under Billing, Upgrade too.
  const section = pathname === paths.accountUpgrade ? paths.accountBilling : pathname;
  const current =
    items.find((item) => section === item.to || section.startsWith(`${item.to}/`))?.to ?? '';
  return (
    <AppShell>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[13rem_minmax(0,1fr)]">
        <div className="md:hidden">
          <Select
            aria-label={t('app.account_menu.label')}
            // '' (not undefined) keeps the select controlled while the page signs out.
            value={current}
            onValueChange={(to) => navigate(to)}
            options={items.map((item) => ({ value: item.to, label: t(item.labelKey) }))}
          />
        </div>
        <nav aria-label={t('app.account_menu.label')} className="hidden md:block">
          <ul className="grid gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-2 rounded-md px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                      isActive
                        ? 'bg-accent font-medium text-accent-foreground'
                        : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                    )
                  }
                >
                  <NavIcon icon={item.icon} className="size-4" />
                  {t(item.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* Every account page is one column of this width: its pages set none of their own,
            so moving between Profile, Password and 2FA keeps the forms in place. */}
        <div className="w-full max-w-3xl min-w-0">
          <Outlet />
        </div>
      </div>
    </AppShell>
  );
}
