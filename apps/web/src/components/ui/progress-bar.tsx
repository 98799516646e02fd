import { Progress } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { PROGRESS_MAX } from '@partner-portal/shared/constants';
import { cn } from '@/lib/cn';

export type ProgressState = 'indeterminate' | 'loading' | 'complete';

/** docs/product.md#states-and-transitions progress bar: indeterminate (no value), loading (a value), complete (full). */
export function ProgressBar({
  state,
  value = 0,
  label,
}: {
  state: ProgressState;
  value?: number;
  label?: string;
}) {
  const { t } = useTranslation();
  const current =
    state === 'complete'
      ? PROGRESS_MAX
      : state === 'loading'
        ? Math.min(PROGRESS_MAX, Math.max(0, value))
        : null;
  return (
    <Progress.Root
      value={current}
      max={PROGRESS_MAX}
      aria-label={label ?? t('ui.progress')}
      data-progress={state}
      className="relative h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <Progress.Indicator
        className={cn(
          'h-full bg-primary motion-safe:transition-transform motion-safe:duration-300',
          state === 'indeterminate' && 'w-2/5 animate-progress',
        )}
        style={
          current === null ? undefined : { transform: `translateX(-${PROGRESS_MAX - current}%)` }
        }
      />
    </Progress.Root>
  );
}
