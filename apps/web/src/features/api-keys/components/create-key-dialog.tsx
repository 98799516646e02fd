import { useMemo, type Ref } from 'react';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  ApiKeyCreateInputSchema,
  MAX_LIVE_API_KEYS,
  type ApiKeyCreateInput,
  type ApiKeyReveal,
  type ApiKeyScope,
} from '@partner-portal/shared/api-keys';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { CancelButton, DIALOG_FORM_CLASSES } from '@/components/ui/dialog-form-footer';
import { createApiKey, useApiKeysCache } from '../api/api-keys';
import { DEFAULT_EXPIRY, EXPIRY_CHOICES, expiresAt } from './key-expiry';
import {
  chosenScopes,
  ipRangesInput,
  nameInput,
  onFormFields,
  parseIpRanges,
  requestSchema,
  scopeField,
  scopeInputs,
} from './key-fields';
import { ScopesPending } from './scopes-pending';

/** The New button: refused, with the reason beside it, once the account has its most live keys. */
export function NewKeyButton({
  liveKeys,
  onClick,
  ref,
}: {
  liveKeys: number;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  const full = liveKeys >= MAX_LIVE_API_KEYS;
  return (
    <>
      {full ? (
        <p id="new-key-limit" className="max-w-60 text-xs text-muted-foreground">
          {t('apikeys.limit_reached', { max: MAX_LIVE_API_KEYS })}
        </p>
      ) : null}
      <Button
        ref={ref}
        onClick={onClick}
        disabled={full}
        aria-describedby={full ? 'new-key-limit' : undefined}
      >
        <KeyRound aria-hidden />
        {t('apikeys.new')}
      </Button>
    </>
  );
}

/** docs/product.md#api-keys create: name, scopes, expiry and IP ranges; the key is shown next. */
export function CreateKeyDialog({
  open,
  onClose,
  onCreated,
  onCloseAutoFocus,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: ApiKeyReveal) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t('apikeys.create.title')}</DialogTitle>
          <DialogDescription>{t('apikeys.create.description')}</DialogDescription>
        </DialogHeader>
        <ScopesPending>
          {(scopes) => <CreateKeyForm scopes={scopes} onCreated={onCreated} />}
        </ScopesPending>
      </DialogContent>
    </Dialog>
  );
}

/** The request the form's values make; the shared schema checks it before it goes. */
function createBody(
  scopes: readonly ApiKeyScope[],
  values: Record<string, unknown>,
): ApiKeyCreateInput {
  return {
    name: String(values.name ?? '').trim(),
    scope: chosenScopes(scopes, values),
    expires_at: expiresAt(values.expiry),
    allowed_ips: parseIpRanges(values.allowed_ips),
  };
}

function CreateKeyForm({
  scopes,
  onCreated,
}: {
  scopes: readonly ApiKeyScope[];
  onCreated: (created: ApiKeyReveal) => void;
}) {
  const { t } = useTranslation();
  const { putKey } = useApiKeysCache();
  const firstScope = scopes[0] ? scopeField(scopes[0]) : undefined;
  const inputs = useMemo<FormInputs>(
    () => ({
      name: nameInput(t),
      ...scopeInputs(t, scopes, []),
      expiry: {
        type: 'select',
        label: t('apikeys.form.expiry'),
        description: t('apikeys.form.expiry_description'),
        required: true,
        defaultValue: DEFAULT_EXPIRY,
        options: EXPIRY_CHOICES.map((choice) => ({
          value: choice,
          label: t(`apikeys.form.expiry_options.${choice}`),
        })),
      },
      allowed_ips: ipRangesInput(t, []),
    }),
    [t, scopes],
  );
  const schema = useMemo(
    () =>
      requestSchema(t, ApiKeyCreateInputSchema, (values) => createBody(scopes, values), firstScope),
    [t, scopes, firstScope],
  );
  return (
    <Form
      inputs={inputs}
      schema={schema}
      buttonText={t('apikeys.create.submit')}
      className={DIALOG_FORM_CLASSES}
      callback={async (values) => {
        try {
          const created = await createApiKey(createBody(scopes, values));
          putKey(created);
          onCreated(created);
        } catch (error) {
          throw onFormFields(error, { scope: firstScope, expires_at: 'expiry' });
        }
      }}
    >
      <CancelButton>{t('apikeys.cancel')}</CancelButton>
    </Form>
  );
}
