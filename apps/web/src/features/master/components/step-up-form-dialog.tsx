import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { CancelButton, DIALOG_FORM_CLASSES } from '@/components/ui/dialog-form-footer';
import { FormDialog } from './form-dialog';
import { useStepUpRunner } from './step-up';

/**
 * A ★ action that takes a form. When the server asks for a fresh code, "Confirm it's you" opens
 * over this dialog and the action runs again once it is accepted; backing out leaves the form
 * open as it was. `texts` is the prefix of its i18n keys (`….title`, `….description`,
 * `….submit`), filled in with `params`.
 */
export function StepUpFormDialog<I, T>({
  open,
  onClose,
  texts,
  params,
  inputs,
  schema,
  action,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  texts: string;
  params: Record<string, string>;
  inputs: FormInputs;
  /** The contract's request schema: checked with the fields' own rules, then read into `action`'s input. */
  schema: ZodType<I>;
  action: (input: I) => Promise<T>;
  onDone: (data: T) => void;
}) {
  const { t } = useTranslation();
  const run = useStepUpRunner();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t(`${texts}.title`, params)}
      description={t(`${texts}.description`, params)}
    >
      <Form
        inputs={inputs}
        schema={schema}
        buttonText={t(`${texts}.submit`)}
        className={DIALOG_FORM_CLASSES}
        callback={async (values) => {
          const input = schema.parse(values);
          const result = await run(() => action(input));
          if (result.done) onDone(result.data);
        }}
      >
        <CancelButton>{t('master.cancel')}</CancelButton>
      </Form>
    </FormDialog>
  );
}
