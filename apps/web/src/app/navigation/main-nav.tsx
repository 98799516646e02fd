import { LogOut } from 'lucide-react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session-store';
import { mainNavItems, paths } from '../route-table';
import { NavIcon } from './nav-icon';
import { signOut } from './sign-out';

const itemClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
    isActive
      ? 'bg-accent text-accent-foreground'
      : 'text-muted-foreground hover:bg-muted hover:text-foreground',
  );

/** docs/product.md#screens-and-routes main navigation: top items, then help and sign-out at the bottom. */
export function MainNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <nav aria-label={t('app.nav.label')} className="flex h-full flex-col gap-1">
      <ul className="grid gap-1">
        {mainNavItems(session).map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className={itemClasses}
              onClick={onNavigate}
              // Account and the console stay marked on the screens under them.
              end={item.to !== paths.account && item.to !== paths.master}
            >
              <NavIcon icon={item.icon} />
              {t(item.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
      <ul className="mt-auto grid gap-1 border-t border-border pt-2">
        <li>
          <NavLink to={paths.help} className={itemClasses} onClick={onNavigate}>
            <NavIcon icon="help" />
            {t('app.nav.help')}
          </NavLink>
        </li>
        <li>
          <button
            type="button"
            onClick={() => void signOut()}
            className={cn(itemClasses({ isActive: false }), 'w-full')}
          >
            <LogOut aria-hidden className="size-5" />
            {t('app.nav.signout')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
