import { isIP } from 'node:net';
import { AppError } from '../../lib/app-error';
import { isPublicAddress } from '../../lib/public-fetch';

/**
 * A webhook target as saved (docs/security.md#urls-we-fetch-are-public): https, and not this
 * machine or a private network by its address or by a name that is always local. A name is
 * checked again, after DNS, at every send. ALLOW_PRIVATE_OUTBOUND allows http and private hosts
 * for development and tests.
 */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('bad_request', 'error.invalid_field', {
      inputError: 'url',
      params: { field: 'url' },
    });
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new AppError('bad_request', 'error.webhook_url_https', { inputError: 'url' });
  }
  if (!allowPrivate && isLocalHost(url.hostname)) {
    throw new AppError('bad_request', 'error.outbound_private_address', { inputError: 'url' });
  }
  url.hash = '';
  return url.toString();
}

function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) !== 0) return !isPublicAddress(host);
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal');
}
