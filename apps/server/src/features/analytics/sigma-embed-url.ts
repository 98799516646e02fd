import { SignJWT } from 'jose';
import type { Locale } from '@partner-portal/shared/constants';
import type { ReportDimension } from '@partner-portal/shared/report-data';
import type { EmbedClaims } from './embed-claims';

export interface SigmaEmbedSettings {
  clientId: string;
  secret: string;
  orgSlug: string;
  baseUrl: string;
}

/** `{name}` in the workbook path: spaces become `-`, then URL-encoded (sigma-embedding.md). */
export function workbookPathName(name: string): string {
  return encodeURIComponent(name.trim().replace(/\s+/g, '-'));
}

/**
 * Sigma's JWT-signed embed URL: HS256 with the embed secret, `kid` = the embed client id, and the
 * display parameters. A fresh `jti` per URL, since Sigma refuses a reused one. Filters set the
 * workbook's controls of the same ids (`advertiser`, `campaign`, `channel`, `country`,
 * `device`); a workbook without such a control opens unfiltered.
 */
export async function sigmaEmbedUrl(
  settings: SigmaEmbedSettings,
  workbook: { name: string; urlId: string },
  claims: EmbedClaims,
  display: { theme: 'light' | 'dark'; locale: Locale },
  filters: readonly [ReportDimension, string][] = [],
): Promise<string> {
  const { iat, exp, jti, sub, ...rest } = claims;
  const jwt = await new SignJWT({ ...rest })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: settings.clientId })
    .setSubject(sub)
    .setJti(jti)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(settings.secret));
  const path = `${settings.baseUrl}/${encodeURIComponent(settings.orgSlug)}/workbook/${workbookPathName(workbook.name)}-${encodeURIComponent(workbook.urlId)}`;
  const query = [
    `:jwt=${jwt}`,
    ':embed=true',
    `:theme=${display.theme === 'dark' ? 'Dark' : 'Light'}`,
    `:lng=${display.locale}`,
    ':menu_position=none',
    ':responsive_height=true',
    ...filters.map(([control, value]) => `${control}=${encodeURIComponent(value)}`),
  ].join('&');
  return `${path}?${query}`;
}
