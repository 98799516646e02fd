import { Controller, type Control, type FieldError } from 'react-hook-form';
import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { decodeMessage } from '@partner-portal/shared/form-messages';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import type { FormInputDefinition } from './form-definition';
import { FieldControl } from './field-control';
import type { FieldControlProps } from './form-definition';

// docs/product.md#validation-rules: a definition's errorMessage replaces the per-field rules (required, bounds, lengths);
// a pattern failure keeps saying what is wrong with the shape.
const RULE_KEY =
  /^global\.form\.(?:input\.error\.|select\.error\.|field\.|file\.error\.required$|otp\.error\.)/;

/** Words a field error: the server's text as is, else the definition's, else the rule's. */
function useFieldErrorText(def: FormInputDefinition, error: FieldError | undefined): string | null {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  const message = error.message ?? 'global.form.input.error.required';
  if (error.type === 'server') return message;
  const { key, params } = decodeMessage(message);
  if (def.errorMessage && RULE_KEY.test(key)) return def.errorMessage;
  // A custom rule may hand back text that is already translated.
  if (!i18n.exists(key)) return message;
  return t(key, { label: def.label ?? '', ...params });
}

export function FormField({
  name,
  def,
  control,
  disabled,
}: {
  name: string;
  def: FormInputDefinition;
  control: Control<Record<string, unknown>>;
  disabled: boolean;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FieldBody
          name={name}
          def={def}
          field={field}
          error={fieldState.error}
          touched={fieldState.isTouched}
          disabled={disabled}
        />
      )}
    />
  );
}

interface FieldBodyProps {
  name: string;
  def: FormInputDefinition;
  field: FieldControlProps['field'];
  error: FieldError | undefined;
  touched: boolean;
  disabled: boolean;
}

function FieldBody({ name, def, field, error, touched, disabled }: FieldBodyProps) {
  const id = `field-${name}`;
  const errorText = useFieldErrorText(def, error);
  const describedBy =
    [def.description ? `${id}-description` : null, errorText ? `${id}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const common = {
    id,
    'aria-invalid': errorText ? true : undefined,
    'aria-describedby': describedBy,
    disabled: disabled || def.disabled,
  };
  if (def.type === 'hidden')
    return <input type="hidden" name={name} value={String(field.value ?? '')} />;
  // A card field draws its own parts, each with its label and state.
  const showIcon =
    touched && def.type !== 'switch' && def.type !== 'checkbox' && def.type !== 'card';

  const control = (
    <FieldControl name={name} def={def} field={field} common={common} withIcon={showIcon} />
  );

  const inline = def.type === 'switch' || def.type === 'checkbox';
  // Select triggers draw their chevron where the icon would sit.
  const iconClasses = cn(
    'pointer-events-none absolute top-1/2 size-4 -translate-y-1/2',
    def.type === 'select' || def.type === 'multi-select' ? 'right-9' : 'right-3',
  );
  return (
    <div className="grid gap-1.5">
      <div
        className={inline ? 'flex flex-row-reverse items-center justify-end gap-3' : 'grid gap-1.5'}
      >
        {def.label ? (
          <Label htmlFor={id} id={`${id}-label`}>
            {def.label}
            {def.required && !inline ? (
              <span aria-hidden className="text-destructive">
                {' '}
                *
              </span>
            ) : null}
          </Label>
        ) : null}
        <div className="relative">
          {control}
          {showIcon ? (
            errorText ? (
              <CircleX
                aria-hidden
                data-testid={`${name}-invalid-icon`}
                className={cn(iconClasses, 'text-destructive')}
              />
            ) : (
              <CircleCheck
                aria-hidden
                data-testid={`${name}-valid-icon`}
                className={cn(iconClasses, 'text-success')}
              />
            )
          ) : null}
        </div>
      </div>
      {def.description ? (
        <p
          id={`${id}-description`}
          className={cn(
            'text-xs',
            def.descriptionTone === 'warning'
              ? 'flex gap-1.5 rounded-md border border-warning/50 bg-warning/10 p-2 text-foreground'
              : 'text-muted-foreground',
          )}
        >
          {def.descriptionTone === 'warning' ? (
            <TriangleAlert aria-hidden className="mt-px size-3.5 shrink-0 text-warning" />
          ) : null}
          {def.description}
        </p>
      ) : null}
      {errorText ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {errorText}
        </p>
      ) : null}
    </div>
  );
}
