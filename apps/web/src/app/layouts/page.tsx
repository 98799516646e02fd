import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * docs/product.md#screens-and-routes: a page sets the document title from a translated title and may show a subtitle and
 * description; it renders nothing when it has no view.
 */
export function Page({
  titleKey,
  subtitle,
  description,
  actions,
  children,
  hideHeading = false,
}: {
  titleKey: string;
  subtitle?: string;
  description?: string;
  actions?: ReactNode;
  children?: ReactNode;
  hideHeading?: boolean;
}) {
  const title = usePageTitle(titleKey);
  if (children === undefined || children === null) return null;
  return (
    <div className="grid animate-page-in grid-cols-1 gap-6">
      {hideHeading ? null : (
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1">
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            {subtitle ? <p className="text-base text-foreground/80">{subtitle}</p> : null}
            {description ? (
              <p className="max-w-prose text-sm text-muted-foreground">{description}</p>
            ) : null}
          </div>
          {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
        </header>
      )}
      {children}
    </div>
  );
}
