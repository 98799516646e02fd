import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  API_KEY_ROLL_OVERLAPS,
  ApiKeyRollInputSchema,
  type ApiKey,
  type ApiKeyReveal,
} from '@partner-portal/shared/api-keys';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { CancelButton, DIALOG_FORM_CLASSES } from '@/components/ui/dialog-form-footer';
import { rollApiKey, useApiKeysCache } from '../api/api-keys';

// A day gives an integration deployed once a day time to take the new key.
const DEFAULT_OVERLAP = '24h';

/** docs/product.md#api-keys roll: a new secret, the old one working a while longer if chosen. */
export function RollKeyDialog({
  apiKey,
  onClose,
  onRolled,
  onCloseAutoFocus,
}: {
  apiKey: ApiKey | null;
  onClose: () => void;
  onRolled: (rolled: ApiKeyReveal) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={apiKey !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        {apiKey ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('apikeys.roll.title', { name: apiKey.name })}</DialogTitle>
              <DialogDescription>{t('apikeys.roll.description')}</DialogDescription>
            </DialogHeader>
            <RollKeyForm apiKey={apiKey} onRolled={onRolled} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function RollKeyForm({
  apiKey,
  onRolled,
}: {
  apiKey: ApiKey;
  onRolled: (rolled: ApiKeyReveal) => void;
}) {
  const { t } = useTranslation();
  const { putKey } = useApiKeysCache();
  const inputs = useMemo<FormInputs>(
    () => ({
      overlap: {
        type: 'select',
        label: t('apikeys.roll.overlap'),
        description: t('apikeys.roll.overlap_description'),
        required: true,
        defaultValue: DEFAULT_OVERLAP,
        options: API_KEY_ROLL_OVERLAPS.map((overlap) => ({
          value: overlap,
          label: t(`apikeys.roll.overlaps.${overlap}`),
        })),
      },
    }),
    [t],
  );
  return (
    <Form
      inputs={inputs}
      schema={ApiKeyRollInputSchema}
      buttonText={t('apikeys.roll.submit')}
      className={DIALOG_FORM_CLASSES}
      callback={async (values) => {
        const { overlap } = ApiKeyRollInputSchema.parse({ overlap: values.overlap });
        const rolled = await rollApiKey(apiKey.id, overlap);
        putKey(rolled);
        onRolled(rolled);
      }}
    >
      <CancelButton>{t('apikeys.cancel')}</CancelButton>
    </Form>
  );
}
