import { Repeat, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StoredSession } from '@partner-portal/shared/user';
import {
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/toast-store';
import { switchAccount } from '@/features/auth/api/switch-account';
import { handleApiError } from '@/lib/error-handler';
import { i18n } from '@/lib/i18n';
import { navigateTo } from '@/lib/navigation';
import { updateProfile } from '@/lib/profile-api';
import { setSession } from '@/lib/session-store';
import { paths } from '../route-table';

async function openAccount(account: string): Promise<void> {
  try {
    setSession(await switchAccount(account));
    navigateTo(paths.welcome);
  } catch (error) {
    handleApiError(error);
  }
}

/** The account a sign-in opens (PATCH /api/user { default_account }). */
async function makeDefault(account: { id: string; name: string }): Promise<void> {
  try {
    await updateProfile({ default_account: account.id });
    toast({
      variant: 'success',
      title: i18n.t('app.user_menu.default_saved', { account: account.name }),
    });
  } catch (error) {
    handleApiError(error);
  }
}

/**
 * docs/product.md#screens-and-routes user menu "Switch Account" (only with more than one account): the other accounts,
 * the default one marked, and a way to make the current account the default.
 */
export function AccountSwitcher({ session }: { session: StoredSession }) {
  const { t } = useTranslation();
  if (session.accounts.length < 2) return null;
  const current = session.accounts.find((account) => account.id === session.account_id);
  return (
    <DropdownMenuSub>
      <DropdownMenuSubTrigger>
        <Repeat aria-hidden />
        {t('app.user_menu.switch_account')}
      </DropdownMenuSubTrigger>
      <DropdownMenuSubContent className="max-w-[calc(100vw-2rem)]">
        {session.accounts.map((account) => (
          <DropdownMenuItem
            key={account.id}
            disabled={account.id === session.account_id}
            onSelect={() => void openAccount(account.id)}
          >
            <span className="truncate">{account.name}</span>
            {account.id === session.default_account ? (
              <span className="ml-auto pl-2 text-xs text-muted-foreground">
                {t('app.user_menu.default_badge')}
              </span>
            ) : null}
          </DropdownMenuItem>
        ))}
        {current && current.id !== session.default_account ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => void makeDefault(current)}>
              <Star aria-hidden />
              {t('app.user_menu.make_default', { account: current.name })}
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuSubContent>
    </DropdownMenuSub>
  );
}
