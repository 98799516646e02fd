import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A strip across the top of every signed-in page for a state the user must not lose sight of
 * (a support session, a 2FA deadline): a named region with an icon, the message and, optionally,
 * the way out or forward. `strong` is the solid look of a state someone else put them in.
 */
export function NoticeBar({
  label,
  icon: Icon,
  strong = false,
  children,
  action,
}: {
  label: string;
  icon: LucideIcon;
  strong?: boolean;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      className={cn(
        'flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-warning/50 px-4 py-2 text-sm',
        strong ? 'bg-warning text-warning-foreground' : 'bg-warning/15',
      )}
    >
      <p className="flex min-w-0 items-center gap-2">
        <Icon aria-hidden className={cn('size-4 shrink-0', strong ? undefined : 'text-warning')} />
        <span className="min-w-0 [overflow-wrap:anywhere]">{children}</span>
      </p>
      {action}
    </div>
  );
}
