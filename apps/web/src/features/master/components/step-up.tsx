import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StepUpInputSchema, type ConsoleSession } from '@partner-portal/shared/master';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { CancelButton, DIALOG_FORM_CLASSES } from '@/components/ui/dialog-form-footer';
import { ApiError } from '@/lib/api-client';
import { masterKeys, postStepUp } from '../api/console';
import { FormDialog } from './form-dialog';

/** Opens "Confirm it's you"; resolves true once a code is accepted, false when dismissed. */
type AskStepUp = () => Promise<boolean>;

const StepUpContext = createContext<AskStepUp | null>(null);

/** Holds the one step-up dialog of the console; the sensitive actions below it open it. */
export function StepUpProvider({ children }: { children: ReactNode }) {
  const pending = useRef<((accepted: boolean) => void) | null>(null);
  const [open, setOpen] = useState(false);
  const ask = useCallback<AskStepUp>(
    () =>
      new Promise((resolve) => {
        // A second request replaces the first, which counts as dismissed.
        pending.current?.(false);
        pending.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const finish = useCallback((accepted: boolean) => {
    const resolve = pending.current;
    pending.current = null;
    setOpen(false);
    resolve?.(accepted);
  }, []);
  // Leaving the console with the dialog open dismisses it.
  useEffect(() => () => pending.current?.(false), []);
  return (
    <StepUpContext value={ask}>
      {children}
      <StepUpDialog open={open} onDone={finish} />
    </StepUpContext>
  );
}

function StepUpDialog({ open, onDone }: { open: boolean; onDone: (accepted: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputs = useMemo<FormInputs>(
    () => ({
      code: {
        type: 'otp',
        label: t('master.step_up.code'),
        required: true,
        // The contract's own rule, in the viewer's language.
        validation: (value) =>
          StepUpInputSchema.shape.code.safeParse(value).success ? null : t('master.step_up.digits'),
      },
    }),
    [t],
  );
  return (
    <FormDialog
      open={open}
      onClose={() => onDone(false)}
      title={t('master.step_up.title')}
      description={t('master.step_up.description')}
    >
      <Form<ConsoleSession>
        inputs={inputs}
        request={postStepUp}
        buttonText={t('master.step_up.submit')}
        className={DIALOG_FORM_CLASSES}
        onSuccess={(session) => {
          queryClient.setQueryData(masterKeys.session, session);
          onDone(true);
        }}
      >
        <CancelButton>{t('master.cancel')}</CancelButton>
      </Form>
    </FormDialog>
  );
}

type Missing = 'step_up' | 'two_factor' | null;

/**
 * What a refusal asks of the operator (docs/product.md#errors): a fresh code
 * (`step_up_required`), 2FA turned on (`master_2fa_required`), or nothing we can give (null: the
 * refusal stands).
 */
function missingFactor(error: unknown): Missing {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  if (error.code === 'step_up_required') return 'step_up';
  if (error.code === 'master_2fa_required') return 'two_factor';
  return null;
}

/** A sensitive action's outcome: done with its answer, or not done (the operator backed out). */
type Stepped<T> = { done: true; data: T } | { done: false };

/**
 * Runs a sensitive action (★ in docs/product.md#operator-console): when the server asks for a
 * fresh code, "Confirm it's you" opens, and once a code is accepted the action runs again by
 * itself. Backing out of the dialog is not an error (`{ done: false }`); any other failure is
 * thrown, for a form to show under its field or for the central handler.
 */
export function useStepUpRunner() {
  const ask = useContext(StepUpContext);
  const queryClient = useQueryClient();
  return useCallback(
    async <T,>(action: () => Promise<T>): Promise<Stepped<T>> => {
      try {
        return { done: true, data: await action() };
      } catch (error) {
        const missing = missingFactor(error);
        if (missing === 'two_factor') {
          // The console closes: the gate shows why once the session is read again.
          void queryClient.invalidateQueries({ queryKey: masterKeys.session });
          return { done: false };
        }
        if (missing !== 'step_up' || !ask) throw error;
        if (!(await ask())) return { done: false };
        return { done: true, data: await action() };
      }
    },
    [ask, queryClient],
  );
}

/** A sensitive action as a mutation (a button's): failures go to the central handler. */
export function useSteppedUp<TVars, TResult>(action: (vars: TVars) => Promise<TResult>) {
  const run = useStepUpRunner();
  return useMutation({ mutationFn: (vars: TVars) => run(() => action(vars)) });
}
