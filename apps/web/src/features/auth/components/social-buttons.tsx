import { toLocale } from '@partner-portal/shared/constants';
import { KeyRound } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialProvider } from '@partner-portal/shared/social';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useDarkMode } from '@/lib/theme';
import { requestedRedirect } from '../api/complete-sign-in';
import { useSocialProviders } from '../api/use-social-providers';

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" className="size-4">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

function MicrosoftMark() {
  return (
    <svg viewBox="0 0 21 21" aria-hidden="true" className="size-4">
      <path fill="#F25022" d="M1 1h9v9H1z" />
      <path fill="#7FBA00" d="M11 1h9v9h-9z" />
      <path fill="#00A4EF" d="M1 11h9v9H1z" />
      <path fill="#FFB900" d="M11 11h9v9h-9z" />
    </svg>
  );
}

const MARKS: Record<SocialProvider, () => React.ReactNode> = {
  google: GoogleMark,
  microsoft: MicrosoftMark,
  oidc: () => <KeyRound aria-hidden="true" className="size-4" />,
};

/** The page's address does not change under a mounted sign-in page without a new render. */
const unchanging = () => () => undefined;

/**
 * docs/product.md#screens-and-routes sign-in: one button per configured provider. Each is a plain link: the server's
 * `/auth/{provider}` takes the whole page to the provider, carrying the language for a new
 * user and the page to come back to.
 */
export function SocialButtons() {
  const { t, i18n } = useTranslation();
  const providers = useSocialProviders();
  // The page the build drew carries no redirect: it is added once the app has taken the page over.
  const redirect = useSyncExternalStore(unchanging, requestedRedirect, () => null);
  // The theme on screen (the device's or the visitor's toggle) becomes a new user's own.
  const { dark } = useDarkMode();
  if (providers.length === 0) return null;
  const query = new URLSearchParams({ locale: toLocale(i18n.language) });
  if (redirect) query.set('redirect', redirect);
  if (dark) query.set('dark', '1');
  // data-sign-in-providers and data-provider: where the server cuts a drawn page to its own
  // providers (fillSignInOptions in @partner-portal/shared/prerendered-html).
  return (
    <div className="grid gap-3" data-sign-in-providers="">
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        {t('auth.social.divider')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <ul className="grid gap-2">
        {providers.map((provider) => {
          const Mark = MARKS[provider.id];
          return (
            <li key={provider.id} data-provider={provider.id}>
              <a
                href={`/auth/${provider.id}?${query.toString()}`}
                className={cn(buttonVariants({ variant: 'outline' }), 'w-full')}
              >
                <Mark />
                {t('auth.social.continue', { name: provider.name })}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
