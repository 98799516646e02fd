import { useId, useState, type KeyboardEvent } from 'react';
import { Check, ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Badge } from './badge';
import { fieldClasses } from './input';
import { Popover, PopoverContent, PopoverTrigger } from './popover';
import { groupOptions, type SelectOption } from './select';

// Past this many choices the trigger says "N selected" instead of growing row after row.
const MAX_BADGES = 3;

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

/**
 * A popover holding a multi-selectable listbox; the trigger shows the chosen options as badges.
 * Focus stays on the listbox and aria-activedescendant names the highlighted option, so the
 * options hold no focusable controls of their own (axe forbids interactive content in options).
 */
export function MultiSelect({
  value,
  onValueChange,
  options,
  placeholder,
  onBlur,
  ...props
}: MultiSelectProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [active, setActive] = useState(0);
  const groups = groupOptions(options);
  // Keyboard order must match what is on screen, where options sit under their group.
  const ordered = groups.flatMap(([, items]) => items);
  const chosen = ordered.filter((option) => value.includes(option.value));
  const placeholderText = placeholder ?? t('ui.select.placeholder');
  const optionId = (index: number) => `${listId}-option-${index}`;

  const toggle = (option: SelectOption | undefined) => {
    if (!option || option.disabled) return;
    onValueChange(
      value.includes(option.value)
        ? value.filter((v) => v !== option.value)
        : [...value, option.value],
    );
  };

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(ordered.length - 1, index));
    setActive(next);
    document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      Home: 0,
      End: ordered.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveTo(target);
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      toggle(ordered[active]);
    }
  };

  return (
    <Popover
      onOpenChange={(open) => {
        if (open) setActive(0);
        else onBlur?.();
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
            <span className="text-muted-foreground">{placeholderText}</span>
          ) : chosen.length > MAX_BADGES ? (
            <span>{t('ui.multi_select.selected', { count: chosen.length })}</span>
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
      <PopoverContent
        // The popover is a dialog to assistive tech, and every dialog needs a name.
        aria-label={props['aria-label'] ?? placeholderText}
        className="p-1"
        align="start"
        style={{ width: 'var(--radix-popover-trigger-width)', minWidth: '12rem' }}
      >
        <div
          role="listbox"
          tabIndex={0}
          aria-multiselectable="true"
          aria-label={props['aria-label'] ?? placeholderText}
          aria-activedescendant={ordered.length > 0 ? optionId(active) : undefined}
          onKeyDown={onKeyDown}
          className="max-h-72 overflow-auto rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {groups.map(([group, items]) => (
            <div key={group ?? ''} role={group ? 'group' : 'presentation'} aria-label={group}>
              {group ? (
                <div
                  aria-hidden
                  className="px-2 py-1.5 text-xs font-semibold text-muted-foreground"
                >
                  {group}
                </div>
              ) : null}
              {items.map((option) => {
                const index = ordered.indexOf(option);
                const selected = value.includes(option.value);
                return (
                  <div
                    key={option.value}
                    id={optionId(index)}
                    role="option"
                    aria-selected={selected}
                    aria-disabled={option.disabled || undefined}
                    data-active={index === active || undefined}
                    onPointerMove={() => setActive(index)}
                    onClick={() => toggle(option)}
                    className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm select-none aria-disabled:cursor-not-allowed aria-disabled:opacity-50 data-active:bg-accent data-active:text-accent-foreground"
                  >
                    <span
                      aria-hidden
                      className={cn(
                        'flex size-4 shrink-0 items-center justify-center rounded-sm border border-input',
                        selected && 'border-primary bg-primary text-primary-foreground',
                      )}
                    >
                      {selected ? <Check className="size-3.5" /> : null}
                    </span>
                    {option.label}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </PopoverContent>
    </Popover>
  );
}
