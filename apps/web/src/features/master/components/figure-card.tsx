import type { ReactNode } from 'react';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * A change against the previous period: its sign (the arrow), the text to show ("+12%",
 * "+2.1 pts"), and whether a rise is good news (sign-ups) or bad (churn).
 */
export interface FigureChange {
  delta: number;
  text: string;
  goodWhenUp: boolean;
}

/** One value card of the overview: the figure, then how it moved, then a note if any. */
export function FigureCard({
  id,
  label,
  value,
  change,
  noChange,
  note,
}: {
  id: string;
  label: string;
  value: string;
  /** Null when there is nothing before to compare with. */
  change: FigureChange | null;
  /** Said instead of a change when there is none. */
  noChange: string;
  note?: ReactNode;
}) {
  const direction = !change || change.delta === 0 ? 'flat' : change.delta > 0 ? 'up' : 'down';
  const Icon = direction === 'flat' ? Minus : direction === 'up' ? ArrowUpRight : ArrowDownRight;
  const good = change && direction !== 'flat' && (direction === 'up') === change.goodWhenUp;
  return (
    <section
      aria-labelledby={`figure-${id}`}
      data-testid={`figure-${id}`}
      className="min-w-0 rounded-lg border border-border bg-card p-3 text-card-foreground sm:p-4"
    >
      <h3 id={`figure-${id}`} className="text-xs font-medium text-muted-foreground">
        {label}
      </h3>
      <p className="mt-1 text-lg font-semibold break-words tabular-nums sm:text-2xl">{value}</p>
      <p
        data-trend={direction === 'flat' ? 'flat' : good ? 'good' : 'bad'}
        className={cn(
          'mt-1 flex items-center gap-1 text-xs tabular-nums',
          direction === 'flat'
            ? 'text-muted-foreground'
            : good
              ? 'text-emerald-700 dark:text-emerald-400'
              : 'text-red-700 dark:text-red-400',
        )}
      >
        <Icon aria-hidden className="size-3.5 shrink-0" />
        {change ? change.text : noChange}
      </p>
      {note ? <p className="mt-1 text-xs text-muted-foreground">{note}</p> : null}
    </section>
  );
}
