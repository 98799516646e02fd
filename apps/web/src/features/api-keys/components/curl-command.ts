/**
 * A call that proves a key works, ready to paste: `GET /api/account` needs only `account.read`,
 * a scope every developer may grant (docs/product.md#api-keys).
 */
const TRY_IT_PATH = '/api/account';
export const TRY_IT_SCOPE = 'account.read';

export function curlCommand(key: string): string {
  return `curl -H "Authorization: Bearer ${key}" ${window.location.origin}${TRY_IT_PATH}`;
}
