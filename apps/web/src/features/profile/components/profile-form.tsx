import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileUpdateInputSchema, type ProfileUpdateInput } from '@partner-portal/shared/identity';
import type { StoredSession } from '@partner-portal/shared/user';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import type { FormValues } from '@/components/form/use-form-submit';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { navigateTo } from '@/lib/navigation';
import { updateProfile } from '@/lib/profile-api';
import { getSession, useSession } from '@/lib/session-store';

const text = (value: unknown) => String(value ?? '').trim();

/** Only what differs from the stored user goes to the server (the e-mail compared lower-case). */
export function changedProfileFields(values: FormValues, user: StoredSession): ProfileUpdateInput {
  const changed: ProfileUpdateInput = {};
  if (text(values.first_name) !== user.first_name) changed.first_name = text(values.first_name);
  if (text(values.last_name) !== user.last_name) changed.last_name = text(values.last_name);
  const email = text(values.email).toLowerCase();
  if (email !== user.email.toLowerCase()) changed.email = email;
  return changed;
}

/**
 * Spec §2 "Profile": first name, last name and e-mail, all required. A new e-mail address has
 * to be confirmed: the server mails a link and marks the user unverified, and the user goes to
 * /signup/verify (spec §4 "Profile email change").
 */
export function ProfileForm() {
  const { t } = useTranslation();
  const session = useSession();
  // A new key per save shows the stored values (trimmed, e-mail lower-cased) as the new start.
  const [saves, setSaves] = useState(0);
  const firstName = session?.first_name ?? '';
  const lastName = session?.last_name ?? '';
  const email = session?.email ?? '';
  const inputs = useMemo<FormInputs>(
    () => ({
      first_name: {
        type: 'text',
        label: t('profile.fields.first_name'),
        required: true,
        maxLength: 100,
        errorMessage: t('global.form.field.first_name'),
        defaultValue: firstName,
      },
      last_name: {
        type: 'text',
        label: t('profile.fields.last_name'),
        required: true,
        maxLength: 100,
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
    }),
    [t, firstName, lastName, email],
  );

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
    if (changed.email !== undefined && !saved.verified) {
      toast({
        variant: 'info',
        title: t('profile.verify_email.title'),
        description: t('profile.verify_email.body', { email: saved.email }),
      });
      navigateTo('/signup/verify');
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
