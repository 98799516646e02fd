import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CARD_BRAND_NAMES,
  cardBrandOf,
  cardDigits,
  cvcLengthOf,
  formatCardNumber,
  isExpired,
  isValidCardNumber,
  parseExpiry,
  type CardBrand,
} from '@partner-portal/shared/card';
import type { FieldControlProps } from '@/components/form/form-definition';
import type { CardFieldValue } from '@/components/form/form-definition';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { CARD_FIELD_FONT_SIZE } from '@partner-portal/shared/constants';

type Part = 'number' | 'expiry' | 'cvc' | 'name';

export interface LocalCardValue extends CardFieldValue {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

/** "0434" → "04/34" as the cardholder types. */
function formatExpiry(typed: string, previous: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes the digit before it, as people expect.
  if (typed.length < previous.length && previous.endsWith('/')) return digits.slice(0, 1);
  if (digits.length >= 3) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return digits.length === 2 ? `${digits}/` : digits;
}

/** Which part is wrong, with the message key (empty parts are "required" once left). */
function problemOf(part: Part, value: LocalCardValue, brand: CardBrand): string | null {
  switch (part) {
    case 'number':
      return isValidCardNumber(value.number) ? null : 'global.form.card.error.number';
    case 'expiry': {
      const expiry = parseExpiry(value.expiry);
      if (!expiry) return 'global.form.card.error.expiry';
      return isExpired(expiry, new Date()) ? 'global.form.card.error.expired' : null;
    }
    case 'cvc':
      return new RegExp(`^\\d{${cvcLengthOf(brand)}}$`).test(value.cvc)
        ? null
        : 'global.form.card.error.cvc';
    case 'name':
      return value.name.trim() ? null : 'global.form.card.error.name';
  }
}

const PARTS: Part[] = ['number', 'expiry', 'cvc', 'name'];

function isLocalCardComplete(value: LocalCardValue): boolean {
  const brand = cardBrandOf(value.number);
  return PARTS.every((part) => problemOf(part, value, brand) === null);
}

/**
 * The built-in card processor's card form (docs/billing.md): Card number (with its brand and a
 * Luhn check), Expiry (MM/YY), CVC and Name on card. It reports to the form whether the card is
 * complete; the number goes only to the processor's tokenising call.
 */
export function LocalCardFields({ field, common }: FieldControlProps) {
  const { t } = useTranslation();
  const value = (field.value ?? {}) as Partial<LocalCardValue>;
  const card: LocalCardValue = {
    complete: false,
    number: value.number ?? '',
    expiry: value.expiry ?? '',
    cvc: value.cvc ?? '',
    name: value.name ?? '',
  };
  const [left, setLeft] = useState<Set<Part>>(new Set());
  const brand = cardBrandOf(card.number);
  const set = (part: Part, next: string) => {
    const updated = { ...card, [part]: next };
    field.onChange({ ...updated, complete: isLocalCardComplete(updated) });
  };
  const leave = (part: Part) => {
    setLeft((parts) => new Set(parts).add(part));
    if (PARTS.every((each) => each === part || left.has(each))) field.onBlur();
  };
  const id = (part: Part) => `${common.id}-${part}`;
  const errorOf = (part: Part) => (left.has(part) ? problemOf(part, card, brand) : null);

  const partField = (
    part: Part,
    label: string,
    input: {
      value: string;
      onChange: (typed: string) => void;
      autoComplete: string;
      inputMode?: 'numeric' | 'text';
      placeholder?: string;
    },
    extra?: ReactNode,
  ) => {
    const error = errorOf(part);
    return (
      <div className={cn('grid gap-1', part === 'number' || part === 'name' ? 'col-span-2' : '')}>
        <Label htmlFor={id(part)} className="text-xs">
          {label}
        </Label>
        <div className="relative">
          <Input
            id={id(part)}
            name={`card-${part}`}
            value={input.value}
            inputMode={input.inputMode}
            autoComplete={input.autoComplete}
            placeholder={input.placeholder}
            disabled={common.disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id(part)}-error` : common['aria-describedby']}
            onChange={(event) => input.onChange(event.target.value)}
            onBlur={() => leave(part)}
            ref={part === 'number' ? field.ref : undefined}
            style={{ fontSize: CARD_FIELD_FONT_SIZE }}
            className={extra ? 'pr-28' : undefined}
          />
          {extra}
        </div>
        {error ? (
          <p id={`${id(part)}-error`} role="alert" className="text-xs text-destructive">
            {t(error)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <div
      role="group"
      aria-labelledby={`${common.id}-label`}
      aria-invalid={common['aria-invalid']}
      className="grid grid-cols-2 gap-3 rounded-md border border-input p-3"
    >
      {partField(
        'number',
        t('billing.card.number'),
        {
          value: card.number,
          onChange: (typed) => set('number', formatCardNumber(typed)),
          autoComplete: 'cc-number',
          inputMode: 'numeric',
          placeholder: '1234 1234 1234 1234',
        },
        CARD_BRAND_NAMES[brand] ? (
          <span
            data-testid="card-brand"
            className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-xs font-semibold text-muted-foreground"
          >
            {CARD_BRAND_NAMES[brand]}
          </span>
        ) : null,
      )}
      {partField('expiry', t('billing.card.expiry'), {
        value: card.expiry,
        onChange: (typed) => set('expiry', formatExpiry(typed, card.expiry)),
        autoComplete: 'cc-exp',
        inputMode: 'numeric',
        placeholder: t('billing.card.expiry_placeholder'),
      })}
      {partField('cvc', t('billing.card.cvc'), {
        value: card.cvc,
        onChange: (typed) => set('cvc', typed.replace(/\D/g, '').slice(0, 4)),
        autoComplete: 'cc-csc',
        inputMode: 'numeric',
        placeholder: brand === 'amex' ? '1234' : '123',
      })}
      {partField('name', t('billing.card.name'), {
        value: card.name,
        onChange: (typed) => set('name', typed),
        autoComplete: 'cc-name',
      })}
    </div>
  );
}

/** The parts the processor's tokenising call takes (digits only, trimmed name). */
export function localCardInput(value: LocalCardValue) {
  return {
    number: cardDigits(value.number),
    expiry: value.expiry,
    cvc: value.cvc,
    name: value.name.trim(),
  };
}
