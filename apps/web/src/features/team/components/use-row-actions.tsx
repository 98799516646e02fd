import { Mail, Pencil, Send, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TeamInvite, TeamUser } from '@partner-portal/shared/team';
import { confirmThen } from '@/components/ui/confirm-then';
import type { RowAction } from '@/components/ui/data-table';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/lib/session-store';
import { resendInvite, revokeInvite } from '../api/invites';
import { removeMember } from '../api/members';
import { useTeamCache, type TeamRow } from '../api/use-team';
import { isAssignable } from './member-fields';
import { memberName } from './member-name';

/**
 * docs/product.md#screens-and-routes row actions: members offer edit, contact and delete (not the owner, who closes the
 * whole account from the profile instead); invited rows offer resend invite, contact and delete.
 * Delete and resend ask first (docs/product.md#states-and-transitions confirmation dialog).
 */
export function useRowActions({
  onEdit,
  onSignOut,
}: {
  onEdit: (user: TeamUser) => void;
  onSignOut: () => void | Promise<void>;
}): (row: TeamRow) => RowAction[] {
  const { t } = useTranslation();
  const session = useSession();
  const cache = useTeamCache();

  const deleteUser = (user: TeamUser) => {
    const name = memberName(user);
    return confirmThen(
      {
        title: t('team.delete.title', { name }),
        description:
          user.id === session?.id
            ? t('team.delete.self_description')
            : t('team.delete.description', { name }),
        buttonText: t('team.delete.confirm'),
        destructive: true,
      },
      async () => {
        const { signout } = await removeMember(user.id);
        if (signout) return void (await onSignOut());
        cache.removeUser(user.id);
        toast({ variant: 'success', title: t('team.delete.done', { name }) });
      },
    );
  };

  const deleteInvite = (invite: TeamInvite) =>
    confirmThen(
      {
        title: t('team.delete_invite.title', { email: invite.email }),
        description: t('team.delete_invite.description'),
        buttonText: t('team.delete_invite.confirm'),
        destructive: true,
      },
      async () => {
        await revokeInvite(invite.id);
        cache.removeInvite(invite.id);
        toast({ variant: 'success', title: t('team.delete_invite.done', { email: invite.email }) });
      },
    );

  const resend = (invite: TeamInvite) =>
    confirmThen(
      {
        title: t('team.resend.title', { email: invite.email }),
        description: t('team.resend.description'),
        buttonText: t('team.resend.confirm'),
      },
      async () => {
        cache.addInvites(await resendInvite(invite));
        toast({ variant: 'success', title: t('team.resend.done', { email: invite.email }) });
      },
    );

  return (row) => {
    const contact: RowAction = {
      label: t('team.actions.contact'),
      href: `mailto:${row.item.email}`,
      icon: <Mail aria-hidden />,
    };
    if (row.kind === 'invite') {
      const invite = row.item;
      return [
        {
          label: t('team.actions.resend'),
          icon: <Send aria-hidden />,
          onSelect: () => void resend(invite),
        },
        contact,
        {
          label: t('team.actions.delete_invite'),
          icon: <Trash2 aria-hidden />,
          destructive: true,
          onSelect: () => void deleteInvite(invite),
        },
      ];
    }
    const user = row.item;
    return [
      {
        label: t('team.actions.edit'),
        icon: <Pencil aria-hidden />,
        onSelect: () => onEdit(user),
      },
      contact,
      ...(isAssignable(user.permission)
        ? [
            {
              label: t('team.actions.delete'),
              icon: <Trash2 aria-hidden />,
              destructive: true,
              onSelect: () => void deleteUser(user),
            },
          ]
        : []),
    ];
  };
}
