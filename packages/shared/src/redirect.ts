/**
 * docs/security.md#social-sign-in: where a sign-in may send the browser afterwards. Only
 * same-origin paths under these sections are allowed, so a crafted `?redirect=` can never reach
 * another site (`//evil.com`, `/\evil.com`, `https://…`) or a sign-in screen again.
 */
export const REDIRECT_ALLOWED_PREFIXES = [
  '/dashboard/',
  '/account/',
  '/welcome',
  '/master',
] as const;

// A local base to resolve against: any input that escapes it names another origin.
const BASE = 'http://partner-portal.invalid';

function hasControlCharacter(text: string): boolean {
  return [...text].some((char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });
}

/** The path to go to, normalised, or null when the target is not on the allow-list. */
export function safeRedirectPath(target: string | null | undefined): string | null {
  if (!target || target.length > 2048) return null;
  // Browsers treat `\` as `/` and drop tabs and newlines, so `/\evil.com` means `//evil.com`.
  if (!target.startsWith('/') || /[\\\s]/.test(target) || hasControlCharacter(target)) return null;
  if (target.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  const allowed = REDIRECT_ALLOWED_PREFIXES.some((prefix) => {
    const section = prefix.replace(/\/$/, '');
    return url.pathname === section || url.pathname.startsWith(`${section}/`);
  });
  return allowed ? path : null;
}
