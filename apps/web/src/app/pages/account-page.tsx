import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPermission, type Permission } from '@partner-portal/shared/permissions';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/lib/session-store';
import { Page } from '../layouts/page';
import { NavIcon } from '../navigation/nav-icon';
import { paths, type NavItem } from '../route-table';

interface OverviewCard {
  to: string;
  icon: NavItem['icon'];
  key: string;
  permission: Permission;
}

const CARDS: OverviewCard[] = [
  { to: paths.accountProfile, icon: 'profile', key: 'profile', permission: 'user' },
  { to: paths.accountPassword, icon: 'password', key: 'password', permission: 'user' },
  { to: paths.account2fa, icon: 'twofa', key: 'twofa', permission: 'user' },
  {
    to: paths.accountNotifications,
    icon: 'notifications',
    key: 'notifications',
    permission: 'user',
  },
  { to: paths.accountUsers, icon: 'users', key: 'users', permission: 'admin' },
];

/**
 * Spec §2 "Account": a card per area the user may open; the password and two-factor cards say
 * "create"/"change" and "enable"/"manage" by the user's state.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  const session = useSession();
  const action = (key: string) => {
    if (key === 'password') return session?.has_password ? 'change' : 'create';
    if (key === 'twofa') return session?.['2fa_enabled'] ? 'manage' : 'enable';
    return 'open';
  };
  return (
    <Page titleKey="titles.account">
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {CARDS.filter((card) => hasPermission(session?.permission, card.permission)).map((card) => (
          <li key={card.key}>
            <Link
              to={card.to}
              className="block h-full rounded-xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <Card className="h-full transition-colors hover:bg-accent/40">
                <CardHeader>
                  <NavIcon icon={card.icon} className="size-5 text-primary" />
                  <CardTitle className="text-base">
                    {t(`account.overview.${card.key}.title`)}
                  </CardTitle>
                  <CardDescription>
                    {t(`account.overview.${card.key}.${action(card.key)}`)}
                  </CardDescription>
                </CardHeader>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
