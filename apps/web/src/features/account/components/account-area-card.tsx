import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** One area of the account hub: the whole card is the link to it. */
export function AccountAreaCard({
  to,
  icon,
  title,
  description,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  /** One line; left out when the area has none. */
  description?: string;
}) {
  return (
    <Link
      to={to}
      className="block h-full rounded-xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <Card className="h-full transition-colors hover:bg-accent/40">
        <CardHeader>
          {icon}
          <CardTitle className="text-base">{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
      </Card>
    </Link>
  );
}
