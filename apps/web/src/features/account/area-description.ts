import type { StoredSession } from '@partner-portal/shared/user';

type AreaState = Pick<StoredSession, 'has_password' | '2fa_enabled'>;

/**
 * Translation keys that may describe an account area (`profile`, `2fa`, … — the last segment of
 * its path), best first: the hub's own line, worded by the user's state where that changes what
 * the area offers; then the area's page description. An area added without either still gets
 * its card, with its title alone.
 */
export function areaDescriptionKeys(area: string, state: AreaState | null): string[] {
  const own =
    area === 'password'
      ? `account.overview.password.${state?.has_password ? 'change' : 'create'}`
      : area === '2fa'
        ? `account.overview.2fa.${state?.['2fa_enabled'] ? 'manage' : 'enable'}`
        : `account.overview.${area}`;
  return [own, `app.pages.${area}`];
}
