import { Link } from 'react-router';
import { useSession } from '@/lib/session-store';
import { homePath } from '../route-table';

/**
 * The logo; by default it links home (docs/product.md#screens-and-routes): /welcome, or the
 * console for an operator.
 */
export function Brand({ to, compact = false }: { to?: string; compact?: boolean }) {
  const session = useSession();
  return (
    <Link
      to={to ?? homePath(session)}
      className="inline-flex items-center gap-2 rounded-md font-semibold focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <svg aria-hidden viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path d="M9 23V9h7.5a4.5 4.5 0 0 1 0 9H13v5z" className="fill-primary-foreground" />
      </svg>
      <span className={compact ? 'sr-only' : undefined}>Partner Portal</span>
    </Link>
  );
}
