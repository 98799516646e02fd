import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/dashboard/core', '/dashboard/core'],
    ['/dashboard/plus/42?tab=1#top', '/dashboard/plus/42?tab=1#top'],
    ['/account/users', '/account/users'],
    ['/welcome', '/welcome'],
    ['/account/../dashboard/core', '/dashboard/core'],
  ])('allows the app path %s', (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });

  it.each([
    '//evil.com',
    '/\\evil.com',
    '/\\/evil.com',
    '\\\\evil.com',
    'https://evil.com/dashboard/core',
    'javascript:alert(1)',
    '/\t/evil.com',
    '/%0a/evil.com',
    ' /dashboard/core',
    '/signin',
    '/signin/social?token=x',
    '/dashboard/../signin',
    '/dashboardx',
    '/welcome-evil',
    'dashboard/core',
    '',
    null,
    undefined,
    `/dashboard/${'a'.repeat(2100)}`,
  ])('refuses %j', (target) => {
    expect(safeRedirectPath(target)).toBeNull();
  });
});
