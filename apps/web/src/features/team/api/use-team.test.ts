import { describe, expect, it } from 'vitest';
import type { TeamInvite, TeamUser } from '@partner-portal/shared/team';
import { toTeamRows } from './use-team';

const user = { id: 'same', email: 'a@example.test' } as TeamUser;
const invite = { id: 'same', email: 'b@example.test' } as TeamInvite;

describe('toTeamRows', () => {
  it('puts open invites first and keeps member and invite ids apart', () => {
    const rows = toTeamRows({ users: [user], invites: [invite] });
    expect(rows.map((row) => [row.kind, row.rowId])).toEqual([
      ['invite', 'invite:same'],
      ['user', 'user:same'],
    ]);
  });

  it('has no rows before the list arrives', () => {
    expect(toTeamRows(undefined)).toEqual([]);
  });
});
