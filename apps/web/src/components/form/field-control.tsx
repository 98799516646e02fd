import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { MultiSelect } from '@/components/ui/multi-select';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import type { FormInputDefinition } from './form-definition';
import { FileInput } from './file-input';
import { OtpInput } from './otp-input';

// number stays a text box: the spec's number pattern, not the browser's, decides validity.
const INPUT_TYPES: Partial<Record<FormInputDefinition['type'], string>> = {
  email: 'email',
  password: 'password',
  url: 'url',
  phone: 'tel',
  date: 'date',
  number: 'text',
  text: 'text',
};

export interface FieldControlProps {
  name: string;
  def: FormInputDefinition;
  field: {
    value: unknown;
    onChange: (value: unknown) => void;
    onBlur: () => void;
    ref: (element: HTMLElement | null) => void;
  };
  common: {
    id: string;
    'aria-invalid'?: boolean;
    'aria-describedby'?: string;
    disabled?: boolean;
  };
  /** Leaves room on the right for the check/cross icon. */
  withIcon: boolean;
}

/** The control for one input definition type (spec §3), wired to react-hook-form. */
export function FieldControl({ name, def, field, common, withIcon }: FieldControlProps) {
  switch (def.type) {
    case 'textarea':
      return (
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
    case 'select':
      return (
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
    case 'multi-select':
      return (
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
    case 'switch':
      return (
        <Switch
          {...common}
          checked={field.value === true}
          onCheckedChange={(v) => {
            field.onChange(v);
            field.onBlur();
          }}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          {...common}
          checked={field.value === true}
          onCheckedChange={(v) => {
            field.onChange(v === true);
            field.onBlur();
          }}
        />
      );
    case 'otp':
      return (
        <OtpInput
          id={common.id}
          label={def.label ?? ''}
          invalid={common['aria-invalid']}
          describedBy={common['aria-describedby']}
          disabled={common.disabled}
          value={String(field.value ?? '')}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      );
    case 'card':
      return def.render?.({ name, def, field, common, withIcon }) ?? null;
    case 'file':
      return (
        <FileInput
          {...common}
          name={name}
          accept={def.accept}
          multiple={def.multiple}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      );
    default:
      return (
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
          className={withIcon ? 'pr-9' : undefined}
        />
      );
  }
}
