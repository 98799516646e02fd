import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberUpdateInputSchema, type TeamUser } from '@partner-portal/shared/team';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { updateMember } from '../api/members';
import { useAdvertisers } from '../api/use-advertisers';
import { usePlusWorkbooks } from '../api/use-plus-workbooks';
import { useTeamCache } from '../api/use-team';
import { advertiserFieldsOf, isAssignable, memberInputs } from './member-fields';
import { memberName } from './member-name';

/** docs/product.md#screens-and-routes "Users" edit dialog: the invite form's fields without the e-mail. */
export function EditUserDialog({ user, onClose }: { user: TeamUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  // Opened from a row menu, not a DialogTrigger, so Radix has nothing to give focus back to.
  const returnFocus = useReturnFocus();
  return (
    <Dialog open={user !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent {...returnFocus}>
        {user ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('team.edit.title', { name: memberName(user) })}</DialogTitle>
              <DialogDescription>{user.email}</DialogDescription>
            </DialogHeader>
            {isAssignable(user.permission) ? (
              <EditUserForm user={user} onDone={onClose} />
            ) : (
              <FixedPermission user={user} />
            )}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** docs/product.md#states-and-transitions: the owner's permission cannot be changed, so it is text, not a select. */
function FixedPermission({ user }: { user: TeamUser }) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="grid gap-1 text-sm">
        <dt className="font-medium">{t('team.form.permission')}</dt>
        <dd data-testid="fixed-permission">{t(`team.permissions.${user.permission}`)}</dd>
      </dl>
      <p className="text-sm text-muted-foreground">{t('team.edit.fixed_permission')}</p>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t('team.edit.close')}</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}

function EditUserForm({ user, onDone }: { user: TeamUser; onDone: () => void }) {
  const { t } = useTranslation();
  const workbooks = usePlusWorkbooks();
  const advertisers = useAdvertisers();
  const { mergeUser } = useTeamCache();
  const permission = isAssignable(user.permission) ? user.permission : 'user';
  const inputs = useMemo<FormInputs>(
    () => ({
      id: { type: 'hidden', value: user.id },
      ...memberInputs(
        t,
        workbooks.data ?? [],
        {
          permission,
          advertiser_name: user.advertiser_name ?? '',
          enable_plus: user.enable_plus,
          plus_dashboards: user.plus_dashboards,
        },
        advertisers.data?.map((advertiser) => advertiser.name),
      ),
    }),
    [t, workbooks.data, advertisers.data, user, permission],
  );
  return (
    <Form
      inputs={inputs}
      schema={MemberUpdateInputSchema}
      buttonText={t('team.edit.submit')}
      // The form puts its submit button after its children: from `sm` on the last two (Cancel,
      // Save) share the bottom row at the right, as in a dialog footer; on phones Cancel drops
      // below Save, as DialogFooter stacks them.
      className="sm:grid-cols-[1fr_auto_auto] sm:[&>*]:col-span-full sm:[&>*:nth-last-child(-n+2)]:col-span-1 sm:[&>*:nth-last-child(2)]:col-start-2"
      callback={async (values) => {
        const saved = await updateMember({
          id: user.id,
          permission: values.permission as typeof permission,
          ...advertiserFieldsOf(values),
        });
        mergeUser(saved);
        toast({ variant: 'success', title: t('team.edit.saved', { name: memberName(saved) }) });
        onDone();
      }}
    >
      {/* Closes through the dialog, so focus goes back to the row's actions button. */}
      <DialogClose asChild>
        <Button
          type="button"
          variant="outline"
          className="order-last w-full sm:order-none sm:w-auto"
        >
          {t('team.edit.cancel')}
        </Button>
      </DialogClose>
    </Form>
  );
}
