import { Suspense, use } from 'react';
import { fieldClasses, Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import type { FieldControlProps, FormInputDefinition } from './form-definition';
import { FileInput } from './file-input';
import { OtpInput } from './otp-input';
import { loadRichFieldControls } from './rich-field-controls';

// number stays a text box: the product's number pattern (docs/product.md#validation-rules), not the browser's, decides validity.
const INPUT_TYPES: Partial<Record<FormInputDefinition['type'], string>> = {
  email: 'email',
  password: 'password',
  url: 'url',
  phone: 'tel',
  date: 'date',
  number: 'text',
  text: 'text',
};

/** The control for one input definition type (docs/product.md#entities), wired to react-hook-form. */
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
    case 'multi-select':
    case 'switch':
    case 'checkbox':
      return (
        <Suspense fallback={<ControlPlaceholder type={def.type} />}>
          <DeferredRichControl
            name={name}
            def={def}
            field={field}
            common={common}
            withIcon={withIcon}
          />
        </Suspense>
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
    default: {
      const listId = def.suggestions?.length ? `${common.id}-suggestions` : undefined;
      const input = (
        <Input
          {...common}
          list={listId}
          type={INPUT_TYPES[def.type] ?? 'text'}
          inputMode={def.type === 'number' ? 'decimal' : undefined}
          name={name}
          placeholder={def.placeholder}
          readOnly={def.readonly}
          autoComplete={
            listId
              ? 'off'
              : def.type === 'password'
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
      if (!listId) return input;
      return (
        <>
          {input}
          <datalist id={listId}>
            {def.suggestions?.map((value) => (
              <option key={value} value={value} />
            ))}
          </datalist>
        </>
      );
    }
  }
}

function DeferredRichControl(props: FieldControlProps) {
  const { RichFieldControl } = use(loadRichFieldControls());
  return <RichFieldControl {...props} />;
}

/** Holds the control's place (same size) for the moment its chunk takes to arrive. */
function ControlPlaceholder({ type }: { type: FormInputDefinition['type'] }) {
  const shape =
    type === 'switch'
      ? 'h-6 w-11 rounded-full bg-input'
      : type === 'checkbox'
        ? 'size-4 rounded-sm border border-input'
        : cn(fieldClasses, 'h-10');
  return <div aria-hidden className={shape} />;
}
