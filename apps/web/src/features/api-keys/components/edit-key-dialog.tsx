import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  API_KEY_SCOPES,
  ApiKeyPatchInputSchema,
  type ApiKey,
  type ApiKeyPatchInput,
  type ApiKeyScope,
} from '@partner-portal/shared/api-keys';
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
import { CancelButton, DIALOG_FORM_CLASSES } from '@/components/ui/dialog-form-footer';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/lib/session-store';
import { updateApiKey, useApiKeysCache } from '../api/api-keys';
import { keyAccess, type KeyAccess } from './key-access';
import { KeyDetails } from './key-details';
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

/**
 * docs/product.md#api-keys edit: the creator changes name, scopes and IP ranges; the owner only
 * the name of someone else's key; anyone else sees the key's details.
 */
export function EditKeyDialog({
  apiKey,
  onClose,
  onCloseAutoFocus,
}: {
  apiKey: ApiKey | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const access = apiKey ? keyAccess(apiKey, session) : null;
  return (
    <Dialog open={apiKey !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        {apiKey && access ? (
          <>
            <DialogHeader>
              <DialogTitle>
                {t(access.manage ? 'apikeys.edit.title' : 'apikeys.details.title', {
                  name: apiKey.name,
                })}
              </DialogTitle>
              <DialogDescription className="font-mono">{apiKey.stub}</DialogDescription>
            </DialogHeader>
            {!access.manage ? (
              <ReadOnlyKey apiKey={apiKey} />
            ) : access.reshape ? (
              <ScopesPending>
                {(grantable) => (
                  <EditKeyForm
                    apiKey={apiKey}
                    access={access}
                    grantable={grantable}
                    onDone={onClose}
                  />
                )}
              </ScopesPending>
            ) : (
              <EditKeyForm apiKey={apiKey} access={access} grantable={[]} onDone={onClose} />
            )}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ReadOnlyKey({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation();
  return (
    <>
      <KeyDetails apiKey={apiKey} />
      <p className="text-sm text-muted-foreground">{t('apikeys.details.managers')}</p>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t('apikeys.details.close')}</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}

/** The grantable scopes, in the API's order, plus any the key holds that no longer are. */
function offeredScopes(grantable: readonly ApiKeyScope[], held: readonly ApiKeyScope[]) {
  return API_KEY_SCOPES.filter((scope) => grantable.includes(scope) || held.includes(scope));
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  [...a].sort().join('\n') === [...b].sort().join('\n');

function EditKeyForm({
  apiKey,
  access,
  grantable,
  onDone,
}: {
  apiKey: ApiKey;
  access: KeyAccess;
  grantable: readonly ApiKeyScope[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { putKey } = useApiKeysCache();
  const offered = useMemo(
    () => (access.reshape ? offeredScopes(grantable, apiKey.scope) : []),
    [access.reshape, grantable, apiKey.scope],
  );
  const firstScope = offered[0] ? scopeField(offered[0]) : undefined;
  const inputs = useMemo<FormInputs>(
    () => ({
      name: nameInput(t, apiKey.name),
      ...(access.reshape
        ? {
            ...scopeInputs(t, offered, apiKey.scope),
            allowed_ips: ipRangesInput(t, apiKey.allowed_ips),
          }
        : {}),
    }),
    [t, apiKey, access.reshape, offered],
  );
  // Everything the form holds, to check; only what changed is sent (a non-creator may not send
  // scopes at all, and a creator whose permission shrank can still rename).
  const editBody = useMemo(
    () =>
      (values: Record<string, unknown>): ApiKeyPatchInput => ({
        name: String(values.name ?? '').trim(),
        ...(access.reshape
          ? { scope: chosenScopes(offered, values), allowed_ips: parseIpRanges(values.allowed_ips) }
          : {}),
      }),
    [access.reshape, offered],
  );
  const schema = useMemo(
    () => requestSchema(t, ApiKeyPatchInputSchema, editBody, firstScope),
    [t, editBody, firstScope],
  );

  return (
    <Form
      inputs={inputs}
      schema={schema}
      buttonText={t('apikeys.edit.submit')}
      className={DIALOG_FORM_CLASSES}
      callback={async (values) => {
        const body = editBody(values);
        const changes: ApiKeyPatchInput = {
          ...(body.name !== apiKey.name ? { name: body.name } : {}),
          ...(body.scope && !sameList(body.scope, apiKey.scope) ? { scope: body.scope } : {}),
          ...(body.allowed_ips && !sameList(body.allowed_ips, apiKey.allowed_ips)
            ? { allowed_ips: body.allowed_ips }
            : {}),
        };
        if (Object.keys(changes).length === 0) return onDone();
        try {
          const saved = await updateApiKey(apiKey.id, changes);
          putKey(saved);
          toast({ variant: 'success', title: t('apikeys.edit.saved', { name: saved.name }) });
          onDone();
        } catch (error) {
          throw onFormFields(error, { scope: firstScope });
        }
      }}
    >
      {access.reshape ? null : (
        <div className="grid gap-3">
          <KeyDetails apiKey={apiKey} />
          <p className="text-sm text-muted-foreground">
            {t('apikeys.edit.creator_only', {
              name: apiKey.created_by?.name ?? t('apikeys.former_member'),
            })}
          </p>
        </div>
      )}
      <CancelButton>{t('apikeys.cancel')}</CancelButton>
    </Form>
  );
}
