import { UserAvatar } from '@/components/ui/avatar';
import type { TeamRow } from '../api/use-team';
import { rowName } from './member-name';

/**
 * Who a row is: picture, name and e-mail together, so the e-mail is never a column apart that
 * can scroll or collapse out of sight. An invite has no name yet, so its e-mail leads. Long
 * addresses wrap anywhere rather than widen the table.
 */
export function UserIdentity({ row }: { row: TeamRow }) {
  const name = rowName(row);
  const email = row.item.email;
  return (
    <span className="flex items-center gap-3 whitespace-normal">
      {/* The name is written beside the picture; read once is enough. */}
      <span aria-hidden className="flex shrink-0">
        <UserAvatar size="sm" name={name} src={row.kind === 'user' ? row.item.avatar : null} />
      </span>
      <span className="grid min-w-0 [overflow-wrap:anywhere]">
        <span className="font-medium text-foreground">{name}</span>
        {name === email ? null : (
          <>
            {' '}
            <span className="text-muted-foreground">{email}</span>
          </>
        )}
      </span>
    </span>
  );
}
