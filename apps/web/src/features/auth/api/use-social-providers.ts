import { useContext } from 'react';
import type { SocialProvidersResponse } from '@partner-portal/shared/social';
import { SignInOptionsContext } from './sign-in-options';

type Provider = SocialProvidersResponse['providers'][number];

/** The configured social sign-in providers, as the sign-in screens' layout loaded them. */
export function useSocialProviders(): Provider[] {
  return useContext(SignInOptionsContext).providers;
}
