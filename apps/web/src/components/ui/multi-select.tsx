import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Badge } from './badge';
import { Checkbox } from './checkbox';
import { fieldClasses } from './input';
import { Popover, PopoverContent, PopoverTrigger } from './popover';
import type { SelectOption } from './select';

export interface MultiSelectProps {
  value: string[];
  onValueChange: (value: string[]) => void;
  options: SelectOption[];
  placeholder?: string;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  onBlur?: () => void;
}

/** A popover list of checkboxes; the trigger shows the chosen options as badges. */
export function MultiSelect({
  value,
  onValueChange,
  options,
  placeholder,
  onBlur,
  ...props
}: MultiSelectProps) {
  const { t } = useTranslation();
  const chosen = options.filter((option) => value.includes(option.value));
  const toggle = (optionValue: string, on: boolean) =>
    onValueChange(on ? [...value, optionValue] : value.filter((v) => v !== optionValue));

  return (
    <Popover
      onOpenChange={(open) => {
        if (!open) onBlur?.();
      }}
    >
      <PopoverTrigger
        id={props.id}
        disabled={props.disabled}
        aria-label={props['aria-label']}
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        className={cn(
          fieldClasses,
          'flex min-h-10 items-center justify-between gap-2 py-1.5 text-left',
        )}
      >
        <span className="flex flex-wrap gap-1">
          {chosen.length === 0 ? (
            <span className="text-muted-foreground">
              {placeholder ?? t('global.form.select.placeholder')}
            </span>
          ) : (
            chosen.map((option) => (
              <Badge key={option.value} variant="secondary">
                {option.label}
              </Badge>
            ))
          )}
        </span>
        <ChevronDown aria-hidden className="size-4 shrink-0 opacity-60" />
      </PopoverTrigger>
      <PopoverContent className="p-1" align="start">
        <ul
          role="listbox"
          aria-multiselectable="true"
          aria-label={props['aria-label']}
          className="max-h-72 overflow-auto"
        >
          {options.map((option) => {
            const checked = value.includes(option.value);
            const optionId = `${props.id ?? 'multi'}-${option.value}`;
            return (
              <li key={option.value} role="option" aria-selected={checked}>
                <label
                  htmlFor={optionId}
                  className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm hover:bg-accent"
                >
                  <Checkbox
                    id={optionId}
                    checked={checked}
                    disabled={option.disabled}
                    onCheckedChange={(state) => toggle(option.value, state === true)}
                  />
                  {option.label}
                </label>
              </li>
            );
          })}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
