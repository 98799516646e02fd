import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileUpdateInputSchema, type ProfileUpdateInput } from '@partner-portal/shared/identity';
import type { StoredSession } from '@partner-portal/shared/user';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import type { FormValues } from '@/components/form/use-form-submit';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { updateProfile } from '@/lib/profile-api';
import { getSession, useSession } from '@/lib/session-store';
import { CODE_MAX_LENGTH, NAME_LENGTH } from '@partner-portal/shared/field-limits';

const text = (value: unknown) => String(value ?? '').trim();

const isNewEmail = (values: FormValues, user: Pick<StoredSession, 'email'>) =>
  text(values.email).toLowerCase() !== user.email.toLowerCase();

/**
 * Only what differs from the stored user goes to the server (the e-mail compared lower-case),
 * and the proof of a new e-mail (password or code) only with it.
 */
function changedProfileFields(values: FormValues, user: StoredSession): ProfileUpdateInput {
  const changed: ProfileUpdateInput = {};
  if (text(values.first_name) !== user.first_name) changed.first_name = text(values.first_name);
  if (text(values.last_name) !== user.last_name) changed.last_name = text(values.last_name);
  if (isNewEmail(values, user)) {
    changed.email = text(values.email).toLowerCase();
    if (typeof values.password === 'string' && values.password !== '')
      changed.password = values.password;
    if (text(values.code) !== '') changed.code = text(values.code);
  }
  return changed;
}

/**
 * First name, last name and e-mail, all required. A new e-mail needs proof that the person at
 * the keyboard owns the account (docs/security.md "An e-mail change cannot take an account
 * over"): the current password, or for a user without one a code from the authenticator app or
 * one the server mails to the current address. The new address then waits to be confirmed from
 * its own mailbox (PendingEmailBanner) while the user keeps signing in with the old one.
 */
export function ProfileForm() {
  const { t } = useTranslation();
  const session = useSession();
  // A new key per save shows the stored values (trimmed, e-mail lower-cased) as the new start.
  const [saves, setSaves] = useState(0);
  const firstName = session?.first_name ?? '';
  const lastName = session?.last_name ?? '';
  const email = session?.email ?? '';
  const hasPassword = session?.has_password ?? true;
  const twoFactor = session?.['2fa_enabled'] ?? false;
  const inputs = useMemo<FormInputs>(() => {
    const emailChanging = (values: FormValues) => isNewEmail(values, { email });
    return {
      first_name: {
        type: 'text',
        label: t('profile.fields.first_name'),
        required: true,
        ...NAME_LENGTH,
        errorMessage: t('global.form.field.first_name'),
        defaultValue: firstName,
      },
      last_name: {
        type: 'text',
        label: t('profile.fields.last_name'),
        required: true,
        ...NAME_LENGTH,
        errorMessage: t('global.form.field.last_name'),
        defaultValue: lastName,
      },
      email: {
        type: 'email',
        label: t('profile.fields.email'),
        required: true,
        description: t('profile.email_hint'),
        defaultValue: email,
      },
      ...(hasPassword
        ? {
            password: {
              type: 'password',
              label: t('profile.fields.password'),
              required: true,
              description: t('profile.proof.password_hint'),
              errorMessage: t('profile.proof.password_required'),
              visible: emailChanging,
            },
          }
        : {
            code: {
              type: 'text',
              label: t(twoFactor ? 'profile.fields.app_code' : 'profile.fields.mail_code'),
              // Without 2FA the first save asks the server to mail the code.
              required: twoFactor,
              maxLength: CODE_MAX_LENGTH,
              description: twoFactor
                ? t('profile.proof.app_code_hint')
                : t('profile.proof.mail_code_hint', { email }),
              visible: emailChanging,
            },
          }),
    } satisfies FormInputs;
  }, [t, firstName, lastName, email, hasPassword, twoFactor]);

  const save = async (values: FormValues) => {
    const user = getSession();
    if (!user) return;
    const changed = changedProfileFields(values, user);
    if (Object.keys(changed).length === 0) {
      toast({ variant: 'info', title: t('profile.unchanged') });
      return;
    }
    const saved = await updateProfile(changed);
    setSaves((count) => count + 1);
    if (changed.email !== undefined && saved.pending_email) {
      toast({
        variant: 'info',
        title: t('profile.verify_email.title'),
        description: t('profile.verify_email.body', {
          email: saved.pending_email,
          current: saved.email,
        }),
      });
      return;
    }
    toast({ variant: 'success', title: t('profile.saved') });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.details.title')}</CardTitle>
        <CardDescription>{t('profile.details.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          key={saves}
          inputs={inputs}
          schema={ProfileUpdateInputSchema}
          callback={save}
          buttonText={t('profile.save')}
        />
      </CardContent>
    </Card>
  );
}
