import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A list's first cell: the row's name, which opens it, with its flags under it. */
export function ListNameCell({
  to,
  name,
  children,
}: {
  to: string;
  name: string;
  /** The row's flags. */
  children: ReactNode;
}) {
  return (
    <span className="grid justify-items-start gap-1 whitespace-normal">
      <Link
        to={to}
        className="font-medium text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {name}
      </Link>
      {children}
    </span>
  );
}
