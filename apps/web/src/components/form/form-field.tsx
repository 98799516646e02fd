import { Controller, type Control, type FieldError } from 'react-hook-form';
import { CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { decodeMessage } from '@partner-portal/shared/form-messages';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { MultiSelect } from '@/components/ui/multi-select';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import type { FormInputDefinition } from './form-definition';
import { OtpInput } from './otp-input';

const INPUT_TYPES: Partial<Record<FormInputDefinition['type'], string>> = {
  email: 'email',
  password: 'password',
  url: 'url',
  phone: 'tel',
  date: 'date',
  number: 'text',
  text: 'text',
};

/** Words a field error: the server's message as is, else the definition's, else the rule's. */
export function useFieldErrorText(
  def: FormInputDefinition,
  error: FieldError | undefined,
): string | null {
  const { t } = useTranslation();
  if (!error) return null;
  if (error.type === 'server') return error.message ?? null;
  if (def.errorMessage) return def.errorMessage;
  const { key, params } = decodeMessage(error.message ?? 'global.form.input.error.required');
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
  field: {
    value: unknown;
    onChange: (value: unknown) => void;
    onBlur: () => void;
    ref: (element: HTMLElement | null) => void;
  };
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
  const showIcon = touched && def.type !== 'switch' && def.type !== 'checkbox';

  let control;
  switch (def.type) {
    case 'textarea':
      control = (
        <Textarea
          {...common}
          name={name}
          placeholder={def.placeholder}
          readOnly={def.readonly}
          value={String(field.value ?? '')}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          ref={field.ref}
        />
      );
      break;
    case 'select':
      control = (
        <Select
          {...common}
          name={name}
          placeholder={def.placeholder}
          options={def.options ?? []}
          value={String(field.value ?? '') || undefined}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
        />
      );
      break;
    case 'multi-select':
      control = (
        <MultiSelect
          {...common}
          aria-label={def.label}
          placeholder={def.placeholder}
          options={def.options ?? []}
          value={Array.isArray(field.value) ? (field.value as string[]) : []}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
        />
      );
      break;
    case 'switch':
      control = (
        <Switch
          {...common}
          checked={field.value === true}
          onCheckedChange={(v) => {
            field.onChange(v);
            field.onBlur();
          }}
        />
      );
      break;
    case 'checkbox':
      control = (
        <Checkbox
          {...common}
          checked={field.value === true}
          onCheckedChange={(v) => {
            field.onChange(v === true);
            field.onBlur();
          }}
        />
      );
      break;
    case 'otp':
      control = (
        <OtpInput
          id={id}
          label={def.label ?? ''}
          invalid={Boolean(errorText)}
          describedBy={describedBy}
          disabled={common.disabled}
          value={String(field.value ?? '')}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      );
      break;
    case 'file':
      control = (
        <Input
          {...common}
          type="file"
          name={name}
          accept={def.accept}
          multiple={def.multiple}
          onChange={(e) => field.onChange(e.target.files ? [...e.target.files] : [])}
          onBlur={field.onBlur}
        />
      );
      break;
    default:
      control = (
        <Input
          {...common}
          type={INPUT_TYPES[def.type] ?? 'text'}
          inputMode={def.type === 'number' ? 'decimal' : undefined}
          name={name}
          placeholder={def.placeholder}
          readOnly={def.readonly}
          autoComplete={
            def.type === 'password'
              ? 'current-password'
              : def.type === 'email'
                ? 'email'
                : undefined
          }
          value={String(field.value ?? '')}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          ref={field.ref}
          className={showIcon ? 'pr-9' : undefined}
        />
      );
  }

  const inline = def.type === 'switch' || def.type === 'checkbox';
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
                className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-destructive"
              />
            ) : (
              <CircleCheck
                aria-hidden
                data-testid={`${name}-valid-icon`}
                className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-success"
              />
            )
          ) : null}
        </div>
      </div>
      {def.description ? (
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
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
