import { useMemo, useState } from 'react';
import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_INVITE_PERMISSION,
  type AssignablePermission,
} from '@partner-portal/shared/permissions';
import {
  InviteInputSchema,
  parseInviteEmails,
  type InviteFormInput,
} from '@partner-portal/shared/team';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { sendInvites } from '../api/invites';
import { useAdvertisers } from '../api/use-advertisers';
import { usePlusWorkbooks } from '../api/use-plus-workbooks';
import { useTeamCache } from '../api/use-team';
import { advertiserFieldsOf, memberInputs } from './member-fields';

/** docs/product.md#screens-and-routes "Users": the global New button and its Add User dialog. */
export function InviteDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden />
          {t('team.new')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('team.invite.title')}</DialogTitle>
          <DialogDescription>{t('team.invite.description')}</DialogDescription>
        </DialogHeader>
        <InviteForm onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const workbooks = usePlusWorkbooks();
  const advertisers = useAdvertisers();
  const { addInvites } = useTeamCache();
  const inputs = useMemo<FormInputs>(
    () => ({
      email: {
        type: 'text',
        label: t('team.form.emails'),
        placeholder: t('team.form.emails_placeholder'),
        description: t('team.form.emails_description'),
        required: true,
        // Names every malformed or repeated address at once; the shared schema (below) adds
        // the limits the server applies too.
        validation: (value) => {
          const { problems } = parseInviteEmails(String(value ?? ''));
          if (problems.length === 0) return null;
          return problems
            .map((problem) =>
              t(
                problem.reason === 'invalid'
                  ? 'global.form.email.error.invalid_item'
                  : 'global.form.email.error.duplicate_item',
                { value: problem.email },
              ),
            )
            .join('; ');
        },
      },
      ...memberInputs(
        t,
        workbooks.data ?? [],
        {
          permission: DEFAULT_INVITE_PERMISSION,
          advertiser_name: '',
          enable_plus: false,
          plus_dashboards: [],
        },
        advertisers.data?.map((advertiser) => advertiser.name),
      ),
    }),
    [t, workbooks.data, advertisers.data],
  );

  return (
    <Form
      inputs={inputs}
      schema={InviteInputSchema}
      buttonText={t('team.invite.submit')}
      callback={async (values) => {
        const body: InviteFormInput = {
          email: String(values.email ?? ''),
          permission: values.permission as AssignablePermission,
          ...(values.permission === 'advertiser' ? advertiserFieldsOf(values) : {}),
        };
        const invites = await sendInvites(body);
        addInvites(invites);
        const [first] = invites;
        toast({
          variant: 'success',
          title:
            invites.length === 1 && first
              ? t('team.invite.sent_single', { email: first.email })
              : t('team.invite.sent_many', { count: invites.length }),
        });
        onDone();
      }}
    />
  );
}
