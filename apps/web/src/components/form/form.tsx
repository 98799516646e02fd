import { useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { ZodType } from 'zod';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';
import {
  defaultValueOf,
  fieldRuns,
  isShown,
  shownValues,
  type FormInputs,
} from './form-definition';
import { FormField } from './form-field';
import { preloadRichFieldControls, RICH_FIELD_TYPES } from './rich-field-controls';
import type * as FormValidationModule from './form-validation';
import {
  useFormSubmit,
  type FormPaymentFlow,
  type FormRequest,
  type FormValues,
} from './use-form-submit';

type FormValidation = typeof FormValidationModule;

export interface FormProps<TResult> {
  inputs: FormInputs;
  /** The call the values go to (docs/product.md#api-calls generic submit); without one they go to `callback`. */
  request?: FormRequest<TResult>;
  buttonText: string;
  callback?: (values: FormValues) => void | Promise<void>;
  onSuccess?: (data: TResult, message?: string) => void;
  redirect?: string;
  /** A shared request schema (packages/shared) checked on top of the definitions' rules. */
  schema?: ZodType;
  /** Card payment steps (docs/product.md#api-calls); see FormPaymentFlow. */
  payment?: FormPaymentFlow<TResult>;
  className?: string;
  children?: ReactNode;
}

// The rules (zod and the field schemas) load when someone first reaches into a form (focus, a
// pointer press), not with the page: the sign-in page paints and settles without them, and a
// check made before they arrive waits for them.
let validation: Promise<FormValidation> | null = null;
function loadFormValidation(): Promise<FormValidation> {
  validation ??= import('./form-validation').catch((error: unknown) => {
    validation = null;
    throw error;
  });
  return validation;
}

function prefetchValidation(): void {
  loadFormValidation().catch(() => undefined);
}

// The inputs a visitor types into as text: a checkbox's or a select's value is not theirs.
const TYPED_INPUT = /^(text|email|password|tel|url|search|number)$/;

/**
 * What a visitor typed into a prerendered form before the app took it over
 * (docs/architecture.md#prerendered-public-pages). Hydration leaves the text in the page but
 * not in the form's state, and the next render of the controlled field put the state's empty
 * value back: an address typed while the scripts loaded was gone. Taken into the state once, in
 * the commit that hydrated the form, before any other render; a form drawn by the app itself
 * shows its state already, so nothing differs and nothing is taken.
 */
function keepPrerenderedTyping(
  element: HTMLFormElement | null,
  inputs: FormInputs,
  form: UseFormReturn<FormValues>,
): void {
  if (!element) return;
  for (const name of Object.keys(inputs)) {
    const field = element.elements.namedItem(name);
    if (!(field instanceof HTMLInputElement) || !TYPED_INPUT.test(field.type)) continue;
    const kept = form.getValues(name);
    if (field.value !== '' && (kept === '' || kept === undefined || kept === null)) {
      form.setValue(name, field.value, { shouldDirty: true });
    }
  }
}

function lazyResolver(inputs: FormInputs, schema?: ZodType): Resolver<FormValues> {
  let resolver: Resolver<FormValues> | null = null;
  return async (values, context, options) => {
    resolver ??= (await loadFormValidation()).formResolver(inputs, schema);
    return resolver(values, context, options);
  };
}

/**
 * The form engine (docs/product.md#entities, docs/product.md#validation-rules, docs/product.md#api-calls): fields from definitions, validated on blur then on change,
 * refused while invalid, dimmed while submitting; a server error naming a field shows under it
 * and anything else goes to the central handler.
 */
export function Form<TResult = unknown>({
  inputs,
  request,
  buttonText,
  callback,
  onSuccess,
  redirect,
  schema,
  payment,
  className,
  children,
}: FormProps<TResult>) {
  const resolver = useMemo(() => lazyResolver(inputs, schema), [inputs, schema]);
  const defaultValues = useMemo(
    () =>
      Object.fromEntries(Object.entries(inputs).map(([name, def]) => [name, defaultValueOf(def)])),
    [inputs],
  );
  const form = useForm<FormValues>({ mode: 'onTouched', resolver, defaultValues });
  const element = useRef<HTMLFormElement>(null);
  // Once, in the commit that drew (or hydrated) the form: see keepPrerenderedTyping.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => keepPrerenderedTyping(element.current, inputs, form), []);
  // Fields shown later (a switch only advertisers get) should not wait for their control.
  const needsRichControls = Object.values(inputs).some((def) => RICH_FIELD_TYPES.has(def.type));
  useEffect(() => {
    if (needsRichControls) preloadRichFieldControls();
  }, [needsRichControls]);
  const values = form.watch();
  const { status, send } = useFormSubmit<TResult>({
    request,
    callback,
    onSuccess,
    redirect,
    payment,
    fieldNames: Object.keys(inputs),
    setError: form.setError,
  });
  const submitting = status === 'submitting';
  const hydrated = useHydrated();
  const submit = form.handleSubmit((submitted) => send(shownValues(inputs, submitted)));

  return (
    <form
      ref={element}
      // Before the scripts have taken a prerendered form over, a submission would be the
      // browser's own: a GET with the password in the address. The button waits for them (a
      // disabled default button also stops Enter), and a form that still went would POST.
      method="post"
      noValidate
      onFocus={prefetchValidation}
      onPointerDown={prefetchValidation}
      onSubmit={(event) => void submit(event)}
      aria-busy={submitting || undefined}
      className={cn(
        'grid gap-4 transition-opacity',
        submitting && 'pointer-events-none opacity-60',
        className,
      )}
      data-status={status}
    >
      {/* flatMap, not nested lists: an ungrouped field keeps its own key, as it always had. */}
      {fieldRuns(Object.entries(inputs).filter(([, def]) => isShown(def, values))).flatMap(
        (run) => {
          const fields = run.fields.map(([name, def]) => (
            <FormField
              key={name}
              name={name}
              def={def}
              control={form.control}
              disabled={submitting}
            />
          ));
          if (run.group === undefined) return fields;
          return (
            // min-w-0: a fieldset is as wide as its content by default, too wide on a phone.
            <fieldset key={`group-${run.fields[0]?.[0]}`} className="grid min-w-0 gap-3">
              <legend className="mb-2 text-sm font-semibold">{run.group}</legend>
              {fields}
            </fieldset>
          );
        },
      )}
      {children}
      <Button type="submit" loading={submitting} disabled={!hydrated} className="w-full sm:w-auto">
        {buttonText}
      </Button>
    </form>
  );
}
