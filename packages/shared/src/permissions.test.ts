import { describe, expect, it } from 'vitest';
import { hasPermission, PERMISSIONS, type Permission } from './permissions';

// docs/product.md#roles-and-permissions, written out as the table reads, so a change to the matrix has to change this too.
const HOLDS: Record<Permission, Permission[]> = {
  master: ['master', 'owner', 'admin', 'user', 'advertiser'],
  owner: ['owner', 'admin', 'developer', 'user', 'advertiser'],
  admin: ['admin', 'user', 'advertiser'],
  developer: ['developer', 'user'],
  user: ['user'],
  advertiser: ['user', 'advertiser'],
};

describe('permission matrix (docs/product.md#roles-and-permissions)', () => {
  for (const actual of PERMISSIONS) {
    for (const required of PERMISSIONS) {
      const expected = HOLDS[actual].includes(required);
      it(`${actual} ${expected ? 'holds' : 'lacks'} ${required}`, () => {
        expect(hasPermission(actual, required)).toBe(expected);
      });
    }
  }

  it('grants nothing without a permission', () => {
    for (const required of PERMISSIONS) expect(hasPermission(null, required)).toBe(false);
  });
});
