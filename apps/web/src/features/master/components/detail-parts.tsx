import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A part of a detail screen: a card with its heading (h2) and, when empty, a line saying so. */
export function DetailSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={`${id}-title`} className="min-w-0">
      <CardHeader className="pb-4">
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-3">{children}</CardContent>
    </Card>
  );
}

/** Label and value pairs, two or three to a row on wider screens. */
export function Facts({ facts }: { facts: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
      {facts.map((fact) => (
        <div key={fact.label} className="grid min-w-0 gap-0.5">
          <dt className="text-muted-foreground">{fact.label}</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The placeholder of a detail screen while it loads. */
export function DetailSkeleton() {
  return (
    <div className="grid gap-6" data-testid="detail-loading" aria-busy="true">
      <div className="h-40 animate-pulse rounded-xl border border-border bg-muted/50" />
      <div className="h-56 animate-pulse rounded-xl border border-border bg-muted/50" />
    </div>
  );
}
