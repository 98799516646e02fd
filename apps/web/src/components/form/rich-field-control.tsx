import { Checkbox } from '@/components/ui/checkbox';
import { MultiSelect } from '@/components/ui/multi-select';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import type { FieldControlProps } from './form-definition';

/**
 * The controls built on Radix popups and toggles, in a chunk of their own (see
 * rich-field-controls.ts): the sign-in and sign-up forms have none of them.
 */
export function RichFieldControl({ name, def, field, common }: FieldControlProps) {
  switch (def.type) {
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
    default:
      return null;
  }
}
