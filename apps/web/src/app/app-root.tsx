import { StrictMode, type ReactNode } from 'react';
import { Providers } from './providers';

/**
 * What wraps the router, in the browser (main.tsx) and in the build-time render of the public
 * pages (src/prerender): one definition, so the two trees match and hydration finds what it drew.
 */
export function AppRoot({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <Providers>{children}</Providers>
    </StrictMode>
  );
}
