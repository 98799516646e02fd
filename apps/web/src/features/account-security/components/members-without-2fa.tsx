import { useId } from 'react';
import { Mail, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AccountSecurityMember } from '@partner-portal/shared/account-security';
import { UserAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * Who the policy still waits for (the owner left out): name, e-mail and permission, or the
 * empty state when everyone has 2FA on; and how many invitations are open, since whoever accepts
 * one joins under the policy.
 */
export function MembersWithout2fa({
  members,
  required,
  pendingInvitations,
}: {
  members: AccountSecurityMember[];
  required: boolean;
  /** Open invitations: whoever accepts one joins under the policy, so the owner hears of them. */
  pendingInvitations: number;
}) {
  const { t } = useTranslation();
  const count = members.length;
  const headingId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle id={headingId}>
          {count === 0
            ? t('security.members.heading')
            : t('security.members.heading_count', { count })}
        </CardTitle>
        {count === 0 ? null : (
          <CardDescription>
            {required
              ? t('security.members.description_on')
              : t('security.members.description_off')}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent>
        {count === 0 ? (
          <div className="grid justify-items-center gap-2 rounded-lg border border-dashed border-border px-4 py-8 text-center">
            <ShieldCheck aria-hidden className="size-8 text-success" />
            <p className="font-medium">{t('security.members.empty_title')}</p>
            <p className="max-w-prose text-sm text-muted-foreground">
              {t('security.members.empty_body')}
            </p>
          </div>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-border">
            <table className="w-full text-left text-sm" aria-labelledby={headingId}>
              <thead className="bg-muted/50 text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    {t('security.members.columns.member')}
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">
                    {t('security.members.columns.permission')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {members.map((member) => (
                  <tr key={member.id}>
                    {/* Name and e-mail in one cell, so the row fits a phone without squeezing. */}
                    <td className="px-4 py-3">
                      <span className="flex min-w-0 items-center gap-3">
                        {/* The name follows as text: the picture is decoration here. */}
                        <span aria-hidden className="contents">
                          <UserAvatar name={member.name || member.email} size="sm" />
                        </span>
                        <span className="grid min-w-0">
                          <span className="font-medium [overflow-wrap:anywhere]">
                            {member.name || member.email}
                          </span>
                          {member.name ? (
                            <span className="text-muted-foreground [overflow-wrap:anywhere]">
                              {member.email}
                            </span>
                          ) : null}
                        </span>
                      </span>
                    </td>
                    <td className="px-4 py-3 text-right">
                      <Badge variant="outline">{t(`team.permissions.${member.permission}`)}</Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {required && pendingInvitations > 0 ? (
          <p
            data-testid="pending-invitations"
            className="mt-4 flex gap-2 text-sm text-muted-foreground"
          >
            <Mail aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('security.members.pending', { count: pendingInvitations })}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
