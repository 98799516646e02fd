import { CircleHelp, LogOut, Moon, Repeat, Sun, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StoredSession } from '@partner-portal/shared/user';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { api } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-handler';
import { navigateTo } from '@/lib/navigation';
import { setSession, useSession } from '@/lib/session-store';
import { useDarkMode } from '@/lib/theme';
import { paths } from '../route-table';
import { signOut } from './sign-out';

async function switchAccount(account: string): Promise<void> {
  try {
    const { data } = await api.post<StoredSession>('/api/auth/switch', { account });
    setSession(data);
    navigateTo(paths.welcome);
  } catch (error) {
    handleApiError(error);
  }
}

/** Spec §2 user menu: avatar, switch account (2+ accounts), edit account, help, theme, sign out. */
export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const { dark, toggle } = useDarkMode();
  if (!session) return null;
  const name = `${session.first_name} ${session.last_name}`.trim() || session.email;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          className="h-auto gap-2 px-2 py-1"
          aria-label={t('app.user_menu.open', { name })}
        >
          <UserAvatar name={name} src={session.avatar} size="sm" />
          <span className="hidden max-w-40 truncate text-sm font-medium md:inline">{name}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid font-normal">
          <span className="truncate font-medium">{name}</span>
          <span className="truncate text-xs text-muted-foreground">{session.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {session.accounts.length > 1 ? (
          <DropdownMenuSub>
            <DropdownMenuSubTrigger>
              <Repeat aria-hidden />
              {t('app.user_menu.switch_account')}
            </DropdownMenuSubTrigger>
            <DropdownMenuSubContent>
              {session.accounts.map((account) => (
                <DropdownMenuItem
                  key={account.id}
                  disabled={account.id === session.account_id}
                  onSelect={() => void switchAccount(account.id)}
                >
                  {account.name}
                </DropdownMenuItem>
              ))}
            </DropdownMenuSubContent>
          </DropdownMenuSub>
        ) : null}
        <DropdownMenuItem onSelect={() => navigateTo(paths.accountProfile)}>
          <UserRound aria-hidden />
          {t('app.user_menu.edit_account')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigateTo(paths.help)}>
          <CircleHelp aria-hidden />
          {t('app.user_menu.help')}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={(event) => {
            event.preventDefault();
            toggle();
          }}
        >
          {dark ? <Sun aria-hidden /> : <Moon aria-hidden />}
          {dark ? t('app.user_menu.light_mode') : t('app.user_menu.dark_mode')}
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
