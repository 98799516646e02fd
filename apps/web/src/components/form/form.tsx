import { useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { apiRequest, ApiError, type HttpMethod } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-handler';
import { navigateTo } from '@/lib/navigation';
import { cn } from '@/lib/cn';
import { buildFormSchema, defaultValueOf, type FormInputs } from './form-definition';
import { FormField } from './form-field';
import { toRequestBody } from './form-payload';

export type FormStatus = 'idle' | 'submitting' | 'submitted';

export interface FormProps<TResult> {
  inputs: FormInputs;
  /** Where the values go (spec §7 generic submit); with no url they go to `callback`. */
  url?: string;
  method?: HttpMethod;
  buttonText: string;
  callback?: (values: Record<string, unknown>) => void | Promise<void>;
  onSuccess?: (data: TResult, message?: string) => void;
  redirect?: string;
  className?: string;
  children?: ReactNode;
}

/**
 * The form engine (spec §3, §5, §7): fields from definitions, validated on blur then on change,
 * refused while invalid, dimmed while submitting; a server error naming a field shows under it
 * and anything else goes to the central handler.
 */
export function Form<TResult = unknown>({
  inputs,
  url,
  method = 'POST',
  buttonText,
  callback,
  onSuccess,
  redirect,
  className,
  children,
}: FormProps<TResult>) {
  const [status, setStatus] = useState<FormStatus>('idle');
  const schema = useMemo(() => buildFormSchema(inputs), [inputs]);
  const defaultValues = useMemo(
    () =>
      Object.fromEntries(Object.entries(inputs).map(([name, def]) => [name, defaultValueOf(def)])),
    [inputs],
  );
  const form = useForm<Record<string, unknown>>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues,
  });
  const values = form.watch();
  const submitting = status === 'submitting';

  const submit = form.handleSubmit(async (submitted) => {
    const visible = Object.fromEntries(
      Object.entries(submitted).filter(([name]) => inputs[name]?.visible?.(submitted) ?? true),
    );
    setStatus('submitting');
    try {
      if (url) {
        const response = await apiRequest<TResult>(method, url, { body: toRequestBody(visible) });
        if (response.message) toast({ variant: 'success', title: response.message });
        onSuccess?.(response.data, response.message);
      } else {
        await callback?.(visible);
      }
      setStatus('submitted');
      if (redirect) navigateTo(redirect);
    } catch (error) {
      setStatus('idle');
      if (
        error instanceof ApiError &&
        error.inputError &&
        error.inputError in inputs &&
        error.message
      ) {
        form.setError(
          error.inputError,
          { type: 'server', message: error.message },
          { shouldFocus: true },
        );
      } else {
        handleApiError(error);
      }
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={submitting || undefined}
      className={cn(
        'grid gap-4 transition-opacity',
        submitting && 'pointer-events-none opacity-60',
        className,
      )}
      data-status={status}
    >
      {Object.entries(inputs).map(([name, def]) =>
        def.visible && !def.visible(values) ? null : (
          <FormField
            key={name}
            name={name}
            def={def}
            control={form.control}
            disabled={submitting}
          />
        ),
      )}
      {children}
      <Button type="submit" loading={submitting} className="w-full sm:w-auto">
        {buttonText}
      </Button>
    </form>
  );
}
