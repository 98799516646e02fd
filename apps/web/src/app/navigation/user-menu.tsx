import { CircleHelp, Gauge, Languages, LogOut, Moon, Sun, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@partner-portal/shared/constants';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { navigateTo } from '@/lib/navigation';
import { saveDarkMode, saveLocale } from '@/lib/preferences';
import { useSession } from '@/lib/session-store';
import { useDarkMode } from '@/lib/theme';
import { paths } from '../route-table';
import { AccountSwitcher } from './account-switcher';
import { signOut } from './sign-out';

/**
 * docs/product.md#screens-and-routes user menu: avatar, switch account (2+ accounts), edit account, help, theme, sign out;
 * plus the language, since the signed-in frame has no other place to change it (docs/product.md#what-the-product-does),
 * and the operator console for masters (docs/product.md#operator-console).
 */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const { dark } = useDarkMode();
  if (!session) return null;
  const nextLocale = LOCALES.find((locale) => locale !== i18n.language) ?? 'en';
  const name = `${session.first_name} ${session.last_name}`.trim() || session.email;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* The label starts with the name the button shows, so speech users can say what they
            see (the name is hidden on a phone); the avatar's initial is left out of it. */}
        <Button
          variant="ghost"
          className="h-auto gap-2 px-2 py-1"
          aria-label={t('app.user_menu.open', { name })}
        >
          <span aria-hidden className="contents">
            <UserAvatar name={name} src={session.avatar} size="sm" />
          </span>
          <span className="hidden max-w-40 truncate text-sm font-medium md:inline">{name}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid font-normal">
          <span className="truncate font-medium">{name}</span>
          <span className="truncate text-xs text-muted-foreground">{session.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <AccountSwitcher session={session} />
        <DropdownMenuItem onSelect={() => navigateTo(paths.accountProfile)}>
          <UserRound aria-hidden />
          {t('app.user_menu.edit_account')}
        </DropdownMenuItem>
        {session.permission === 'master' ? (
          <DropdownMenuItem onSelect={() => navigateTo(paths.master)}>
            <Gauge aria-hidden />
            {t('master.menu_item')}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => navigateTo(paths.help)}>
          <CircleHelp aria-hidden />
          {t('app.user_menu.help')}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={(event) => {
            // The menu stays open so the change is seen at once; the save runs behind it.
            event.preventDefault();
            void saveDarkMode(!dark);
          }}
        >
          {dark ? <Sun aria-hidden /> : <Moon aria-hidden />}
          {dark ? t('app.user_menu.light_mode') : t('app.user_menu.dark_mode')}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => void saveLocale(nextLocale)}
          aria-label={t('app.preferences.language', {
            language: t(`app.languages.${nextLocale}`),
          })}
        >
          <Languages aria-hidden />
          <span lang={nextLocale}>{t(`app.languages.${nextLocale}`)}</span>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden />
          {t('app.user_menu.signout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
