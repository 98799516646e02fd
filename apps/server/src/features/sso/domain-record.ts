import { Resolver } from 'node:dns/promises';
import {
  DOMAIN_RECORD_PREFIX,
  DOMAIN_RECORD_VALUE_PREFIX,
  type SsoDomain,
} from '@partner-portal/shared/sso';
import { AppError } from '../../lib/app-error';

/** The TXT record that proves `domain` is the account's: its name and the value to publish. */
export function domainRecord(domain: string, token: string): SsoDomain['record'] {
  return {
    type: 'TXT',
    name: `${DOMAIN_RECORD_PREFIX}.${domain}`,
    value: `${DOMAIN_RECORD_VALUE_PREFIX}${token}`,
  };
}

// Answers that mean "no such record", as opposed to DNS not answering at all.
const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN']);

/**
 * Whether DNS holds `record` now, asked of `servers` (DNS_SERVERS) or of the system's resolvers.
 * A TXT record may come in several strings (each at most 255 bytes): they are joined, as RFC 7208
 * reads them. DNS not answering is a 503 to try again, not a "not found".
 */
export async function isPublished(
  servers: readonly string[],
  record: SsoDomain['record'],
): Promise<boolean> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  try {
    const answers = await resolver.resolveTxt(record.name);
    return answers.some((chunks) => chunks.join('').trim() === record.value);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (NO_RECORD.has(code)) return false;
    throw new AppError('service_unavailable', 'error.sso_dns_unavailable');
  }
}
