import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { ONE_TIME_CODE_LENGTH } from '@partner-portal/shared/constants';
import { cn } from '@/lib/cn';

const GROUP = ONE_TIME_CODE_LENGTH / 2;

/**
 * docs/product.md#validation-rules: a 6-character one-time code shown as 3 + 3 boxes. Typing moves to the next box,
 * Backspace to the previous, and pasting a code fills every box.
 */
export function OtpInput({
  value,
  onChange,
  onBlur,
  id,
  label,
  invalid,
  describedBy,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  id: string;
  label: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const chars = Array.from({ length: ONE_TIME_CODE_LENGTH }, (_, i) => value[i] ?? '');

  const setAt = (index: number, char: string) => {
    const next = [...chars];
    next[index] = char;
    onChange(next.join('').slice(0, ONE_TIME_CODE_LENGTH));
  };
  const focus = (index: number) =>
    boxes.current[Math.max(0, Math.min(ONE_TIME_CODE_LENGTH - 1, index))]?.focus();

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !chars[index]) {
      event.preventDefault();
      setAt(index - 1, '');
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') focus(index - 1);
    else if (event.key === 'ArrowRight') focus(index + 1);
  };
  // Several characters at once (paste, or a password manager filling the first box) spread
  // over the boxes from the one they landed in.
  const fillFrom = (index: number, text: string) => {
    const incoming = text.replace(/\s/g, '');
    const next = [...chars];
    [...incoming]
      .slice(0, ONE_TIME_CODE_LENGTH - index)
      .forEach((char, offset) => (next[index + offset] = char));
    onChange(next.join('').slice(0, ONE_TIME_CODE_LENGTH));
    focus(index + incoming.length);
  };
  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fillFrom(index, event.clipboardData.getData('text'));
  };

  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      // Boxes are minmax(0, 2.75rem) tracks so the row shrinks to fit a phone-width card.
      // Packed to the start: a grid wider than the boxes would stretch the separator track and
      // push the second group of three to the far edge of a wide card.
      className="grid grid-cols-[repeat(3,minmax(0,2.75rem))_auto_repeat(3,minmax(0,2.75rem))] items-center justify-start gap-1.5 sm:gap-2"
      onBlur={onBlur}
    >
      {chars.map((char, index) => (
        <span key={index} className="contents">
          {index === GROUP ? (
            <span
              aria-hidden
              className="mx-0.5 h-0.5 w-3 shrink-0 rounded bg-muted-foreground sm:mx-1"
            />
          ) : null}
          <input
            ref={(element) => {
              boxes.current[index] = element;
            }}
            id={index === 0 ? id : undefined}
            aria-label={`${label} ${index + 1}/${ONE_TIME_CODE_LENGTH}`}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            inputMode="text"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            disabled={disabled}
            value={char}
            onChange={(event) => {
              const value = event.target.value;
              const old = chars[index] ?? '';
              const typed = old && value.startsWith(old) ? value.slice(old.length) : value;
              if (typed.length > 1) return fillFrom(index, typed);
              setAt(index, typed);
              if (typed) focus(index + 1);
            }}
            onKeyDown={onKeyDown(index)}
            onPaste={onPaste(index)}
            className={cn(
              'h-11 w-full min-w-0 rounded-md border border-input bg-background text-center font-mono text-lg outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40',
              invalid && 'border-destructive',
            )}
          />
        </span>
      ))}
    </div>
  );
}
