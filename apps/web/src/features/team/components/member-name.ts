import type { TeamUser } from '@partner-portal/shared/team';
import type { TeamRow } from '../api/use-team';

/** How a member is named in titles and toasts: their name, else their e-mail. */
export function memberName(user: Pick<TeamUser, 'first_name' | 'last_name' | 'email'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

/** How a row is named (its card heading, "Actions for …"): an invite by its e-mail. */
export function rowName(row: TeamRow): string {
  return row.kind === 'user' ? memberName(row.item) : row.item.email;
}
