import { createContext, useEffect, useState } from 'react';
import {
  SIGN_IN_OPTIONS_ELEMENT_ID,
  SOCIAL_PROVIDERS,
} from '@partner-portal/shared/prerendered-html';
import type { SocialProvidersResponse } from '@partner-portal/shared/social';
import { api } from '@/lib/api-client';

/** What the signed-out screens take from the server's configuration: GET /api/auth/providers. */
export type SignInOptions = SocialProvidersResponse;

const NONE: SignInOptions = { providers: [] };

function hasOptions(data: unknown): boolean {
  const answer = (data ?? {}) as { providers?: unknown; brandUrl?: unknown };
  return (
    (Array.isArray(answer.providers) && answer.providers.length > 0) ||
    typeof answer.brandUrl === 'string'
  );
}

/**
 * GET /api/auth/providers, checked by its schema. Most servers configure neither: the schema (and
 * zod with it) is fetched only when there is something to check, never for /signin's first paint.
 * An answer the schema refuses counts as none.
 */
async function fetchSignInOptions(): Promise<SignInOptions> {
  const { data } = await api.get('/api/auth/providers');
  if (!hasOptions(data)) return NONE;
  const { SocialProvidersResponseSchema } = await import('@partner-portal/shared/social');
  const parsed = SocialProvidersResponseSchema.safeParse(data);
  return parsed.success ? parsed.data : NONE;
}

/**
 * The options the server wrote into the page (apps/server/src/lib/spa.ts), which a page it drew
 * at build time was cut to: read on the first render, so that render draws what the page holds.
 * Null when the page carries none (the development server's) or they are not of the known shape.
 */
function optionsInPage(): SignInOptions | null {
  const text = document.getElementById(SIGN_IN_OPTIONS_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const { providers, brandUrl } = JSON.parse(text) as Partial<SignInOptions>;
    const known =
      Array.isArray(providers) &&
      providers.every(
        (p) => SOCIAL_PROVIDERS.includes(p?.id as never) && typeof p?.name === 'string',
      ) &&
      (brandUrl === undefined || typeof brandUrl === 'string');
    return known ? { providers, ...(brandUrl === undefined ? {} : { brandUrl }) } : null;
  } catch {
    return null;
  }
}

/**
 * The options for whoever mounts it (the sign-in screens' layout): those the page carries, else
 * loaded once. Until they load, and if they cannot be loaded, there are none: no provider
 * buttons, no brand link, and password and magic-link sign-in never wait on this.
 */
export function useLoadSignInOptions(): SignInOptions {
  const [inPage] = useState(optionsInPage);
  const [options, setOptions] = useState<SignInOptions>(inPage ?? NONE);
  useEffect(() => {
    if (inPage) return;
    let live = true;
    fetchSignInOptions().then(
      (loaded) => {
        if (live) setOptions(loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [inPage]);
  return options;
}

/** The layout shares what it loaded, so the page's provider buttons make no second request. */
export const SignInOptionsContext = createContext<SignInOptions>(NONE);
