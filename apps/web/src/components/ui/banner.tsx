import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/cn';

const VARIANTS = {
  info: { icon: Info, classes: 'border-info/40 bg-info/10 [&>svg]:text-info' },
  success: { icon: CircleCheck, classes: 'border-success/40 bg-success/10 [&>svg]:text-success' },
  warning: { icon: TriangleAlert, classes: 'border-warning/50 bg-warning/10 [&>svg]:text-warning' },
  error: {
    icon: CircleAlert,
    classes: 'border-destructive/50 bg-destructive/10 [&>svg]:text-destructive',
  },
} as const;

export function Banner({
  variant,
  title,
  children,
  action,
  className,
}: {
  variant: keyof typeof VARIANTS;
  title?: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  const { icon: Icon, classes } = VARIANTS[variant];
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      data-variant={variant}
      className={cn(
        // Wraps: on a phone the action goes under the text instead of past the edge.
        'flex flex-wrap items-start gap-3 rounded-lg border p-4 text-sm text-foreground',
        classes,
        className,
      )}
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="grid min-w-48 flex-1 gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="text-foreground/90">{children}</div> : null}
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}
